package dev.inferencemetrics.notify.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import dev.inferencemetrics.alert.WebhookReceiver;
import dev.inferencemetrics.alert.ui.AlertsView;
import dev.inferencemetrics.audit.AuditEntry;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.audit.AuditQuery;
import dev.inferencemetrics.notify.Channel;
import dev.inferencemetrics.notify.ChannelKind;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

/** The Alerts page's channels: a tenant admin's for the tenant, an operator's global ones, refusals in words. */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class ChannelsViewIT extends SpringBrowserlessTest {

    @Autowired
    ApplicationContext context;

    @Autowired
    ChannelService channels;

    @Autowired
    AuditLog audit;

    @Autowired
    Clock clock;

    long tenant;

    @BeforeEach
    void aTenantWithAnAdminAndAViewer() {
        tenant = SeededTenant.of(context, "channel-labs", "Channel Labs")
                .withUser("channels-admin", "Chan Admin", Role.TENANT_ADMIN)
                .withUser("channels-viewer", "Vic Viewer", Role.TENANT_VIEWER)
                .id();
    }

    @Test
    @WithUserDetails(value = "channels-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_viewer_sees_the_history_but_no_channels() {
        navigate("alerts", AlertsView.class);

        assertThat($(ChannelsPanel.class).exists()).isFalse();
    }

    @Test
    @WithUserDetails(value = "channels-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_adds_a_channel_of_the_tenant_only_is_refused_a_private_address_and_removes_it() {
        long global = channels.create(
                TenantScope.allTenants(),
                new dev.inferencemetrics.notify.NewChannel(
                        null, "operators' pager", ChannelKind.EMAIL, "noc@example.com", false));
        navigate("alerts", AlertsView.class);
        ChannelsPanel panel = $(ChannelsPanel.class).single();

        panel.name.setValue("office hook");
        panel.kind.setValue(ChannelKind.WEBHOOK);
        panel.target.setValue("http://10.1.2.3/hook");
        panel.add.click();
        String refused = panel.message.getText();
        panel.name.setValue("on-call");
        panel.kind.setValue(ChannelKind.EMAIL);
        panel.target.setValue("oncall@example.com");
        panel.add.click();

        assertThat(panel.tenant.isVisible()).isFalse();
        assertThat(panel.allowPrivate.isVisible()).isFalse();
        assertThat(refused)
                .isEqualTo("Not added: 10.1.2.3 is not a public address (10.1.2.3 is private); only an operator may"
                        + " allow such a channel.");
        List<Channel> shown = shown(panel);
        assertThat(shown).extracting(Channel::name).containsExactly("on-call").doesNotContain("operators' pager");
        assertThat(shown.getFirst().tenantId()).isEqualTo(tenant);

        click(panel, 0, "Remove");
        ConfirmDialog question = $(ConfirmDialog.class).last();
        assertThat(question.getElement().getProperty("header")).isEqualTo("Remove channel \"on-call\"?");
        assertThat(shown(panel))
                .as("nothing removed before the question is answered")
                .hasSize(1);
        test(question).confirm();

        assertThat(shown(panel)).isEmpty();
        assertThat(channels.channels(TenantScope.tenant(tenant))).isEmpty();
        assertThat(channels.channels(TenantScope.allTenants()))
                .extracting(Channel::id)
                .contains(global);
        assertThat(audited())
                .contains(
                        "added EMAIL channel on-call (oncall@example.com)",
                        "removed EMAIL channel on-call (oncall@example.com)");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_adds_a_global_slack_channel_to_a_private_address_and_its_test_message_arrives() throws Exception {
        try (WebhookReceiver slack = new WebhookReceiver()) {
            navigate("alerts", AlertsView.class);
            ChannelsPanel panel = $(ChannelsPanel.class).single();
            String name = "fleet slack " + System.nanoTime();

            panel.name.setValue(name);
            panel.kind.setValue(ChannelKind.SLACK);
            panel.target.setValue(slack.url());
            panel.add.click();
            String withoutLeave = panel.message.getText();
            panel.allowPrivate.setValue(true);
            panel.add.click();

            assertThat(withoutLeave).startsWith("Not added: 127.0.0.1 is not a public address (127.0.0.1 is loopback)");
            assertThat(panel.message.getText()).isEqualTo("Added " + name + " for every tenant.");
            // the next channel is judged afresh: the leave for a private address went with the one it was given to
            assertThat(panel.allowPrivate.getValue()).isFalse();
            assertThat(panel.name.getValue()).isEmpty();
            int row = rowOf(panel, name);
            assertThat(test(panel.grid).getCellText(row, 3)).isEqualTo("Every tenant");

            click(panel, row, "Test");

            assertThat(panel.message.getText()).isEqualTo("The test message to " + name + " was delivered.");
            assertThat(slack.bodies()).singleElement().satisfies(body -> assertThat(body)
                    .startsWith("{\"text\":\"[FIRING] TICKET Test on test: a test of this channel (value 0.00)")
                    .endsWith("|Open the page>\"}"));
        }
    }

    private static List<Channel> shown(ChannelsPanel panel) {
        return panel.grid.getGenericDataView().getItems().toList();
    }

    private static int rowOf(ChannelsPanel panel, String name) {
        List<Channel> shown = shown(panel);
        for (int i = 0; i < shown.size(); i++) {
            if (shown.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no channel " + name);
    }

    private void click(ChannelsPanel panel, int row, String caption) {
        HorizontalLayout actions = (HorizontalLayout)
                test(panel.grid).getCellComponent(row, panel.grid.getColumns().size() - 1);
        Button button = actions.getChildren()
                .map(Button.class::cast)
                .filter(b -> b.getText().equals(caption))
                .findFirst()
                .orElseThrow();
        test(button).click();
    }

    private List<String> audited() {
        return audit
                .search(
                        TenantScope.allTenants(),
                        new AuditQuery(
                                clock.instant().minus(Duration.ofMinutes(5)),
                                AuditKind.CHANNEL_CHANGED,
                                tenant,
                                null,
                                100))
                .stream()
                .map(AuditEntry::detail)
                .toList();
    }
}
