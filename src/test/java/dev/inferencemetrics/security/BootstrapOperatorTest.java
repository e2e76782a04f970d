package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;
import org.springframework.boot.DefaultApplicationArguments;

class BootstrapOperatorTest {

    private final UserAccounts users = mock(UserAccounts.class);

    @Test
    void a_configured_operator_is_created_when_there_is_none() {
        new BootstrapOperator(new BootstrapOperatorProperties("root", "correct horse battery"), users)
                .run(new DefaultApplicationArguments());

        verify(users).createIfAbsent(null, "root", "root", "correct horse battery", Role.OPERATOR);
    }

    @Test
    void nothing_is_created_once_an_operator_exists_or_when_none_is_configured() {
        when(users.anyOperatorExists()).thenReturn(true);
        new BootstrapOperator(new BootstrapOperatorProperties("root", "correct horse battery"), users)
                .run(new DefaultApplicationArguments());
        new BootstrapOperator(new BootstrapOperatorProperties(null, null), mock(UserAccounts.class))
                .run(new DefaultApplicationArguments());

        verify(users, never()).createIfAbsent(any(), anyString(), anyString(), anyString(), any());
    }

    @Test
    void a_short_initial_password_stops_the_start_with_a_reason() {
        assertThatThrownBy(() -> new BootstrapOperator(new BootstrapOperatorProperties("root", "short"), users)
                        .run(new DefaultApplicationArguments()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at least 12 characters");
    }
}
