package dev.inferencemetrics.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.apikey.ApiKeyFormat;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.security.SecureRandom;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@IntegrationTest
class DemoDataSeederIT {

    @Autowired
    DemoDataSeeder seeder;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    UserAccounts users;

    @Autowired
    ApiKeyService apiKeys;

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void demo_mode_warns_at_start_up_that_its_accounts_are_public_and_how_to_turn_it_off(CapturedOutput log) {
        seeder.run(new DefaultApplicationArguments());

        assertThat(log.getAll())
                .contains("WARN")
                .contains(DemoDataSeeder.PUBLIC_ACCOUNTS)
                .contains("INFERENCE_METRICS_DEMO_ENABLED=false");
    }

    @Test
    void seeding_again_creates_nothing_twice() {
        Map<String, Long> before = counts();

        seeder.seed();
        seeder.seed();

        assertThat(counts()).isEqualTo(before);
    }

    @Test
    void the_demo_world_has_two_tenants_a_user_per_role_each_and_an_operator() {
        assertThat(owner.jdbc()
                        .queryForList(
                                "select u.username || ' ' || u.role from app_user u join tenant t on t.id = u.tenant_id"
                                        + " where t.slug in ('acme', 'globex') order by u.username",
                                String.class))
                // other tests add users to the demo tenants, and may run before this one
                .contains(
                        "acme-admin TENANT_ADMIN",
                        "acme-viewer TENANT_VIEWER",
                        "globex-admin TENANT_ADMIN",
                        "globex-viewer TENANT_VIEWER");
        assertThat(owner.jdbc()
                        .queryForObject(
                                "select role from app_user where username = 'operator' and tenant_id is null",
                                String.class))
                .isEqualTo("OPERATOR");
        assertThat(owner.jdbc().queryForList("select distinct engine from deployment", String.class))
                .contains("NVIDIA Dynamo", "vLLM", "NVIDIA NIM", "SGLang");
        assertThat(owner.jdbc()
                        .queryForObject(
                                "select t.slug from deployment d join tenant t on t.id = d.tenant_id where d.slug = 'sandbox'",
                                String.class))
                .isEqualTo("acme");
    }

    @Test
    void the_demo_operator_has_the_documented_operator_key_of_scope_admin_only() {
        assertThat(owner.jdbc()
                        .queryForList(
                                "select u.username || ' ' || array_to_string(k.scopes, ',') from api_key k"
                                        + " join app_user u on u.id = k.operator_id"
                                        + " where k.prefix = 'imk_demoOper' and k.tenant_id is null",
                                String.class))
                .containsExactly("operator admin");
    }

    @Test
    void no_fixed_operator_key_but_a_demo_key_can_be_planted() {
        long operatorId = users.operatorId(DemoCatalog.OPERATOR.username()).orElseThrow();
        String notADemoKey = ApiKeyFormat.generate(new SecureRandom());

        assertThatThrownBy(() -> apiKeys.ensureOperatorKey(operatorId, "planted", notADemoKey))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("imk_demo");
        assertThat(count("api_key where prefix = '" + ApiKeyFormat.prefixOf(notADemoKey) + "'"))
                .isZero();
    }

    @Test
    void demo_passwords_are_stored_only_as_hashes() {
        assertThat(owner.jdbc().queryForList("select password_hash from app_user", String.class))
                .allSatisfy(hash -> assertThat(hash).startsWith("{bcrypt}$2").doesNotContain("demo"));
    }

    private Map<String, Long> counts() {
        return Map.of(
                "tenant", count("tenant"),
                "app_user", count("app_user"),
                "deployment", count("deployment"),
                "api_key", count("api_key"));
    }

    private long count(String table) {
        return owner.jdbc().queryForObject("select count(*) from " + table, Long.class);
    }
}
