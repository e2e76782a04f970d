package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoadOptionsTest {

    private static LoadOptions parse(String... options) {
        List<String> args = new ArrayList<>(List.of("--url", "http://127.0.0.1:8080", "--key", "imk_x"));
        args.addAll(List.of(options));
        return LoadOptions.parse(args);
    }

    @Test
    void without_fleet_options_the_load_goes_to_one_deployment_with_no_reads_provisioning_or_database() {
        LoadOptions options = parse();

        assertThat(options.url()).isEqualTo(URI.create("http://127.0.0.1:8080"));
        assertThat(options.deployments().slugs()).containsExactly("sandbox");
        assertThat(options.samplesPerSecond()).isEqualTo(2_000);
        assertThat(options.duration()).isEqualTo(Duration.ofSeconds(60));
        assertThat(options.batch()).isEqualTo(1_000);
        assertThat(options.queriesPerSecond()).isZero();
        assertThat(options.fleetQueriesPerSecond()).isZero();
        assertThat(options.adminKey()).isNull();
        assertThat(options.database()).isNull();
    }

    @Test
    void deployments_spreads_the_load_over_a_numbered_fleet_under_the_default_prefix() {
        LoadOptions options = parse("--deployments", "1000");

        assertThat(options.deployments().count()).isEqualTo(1_000);
        assertThat(options.deployments().slugs().getFirst()).isEqualTo("fleet-0001");
        assertThat(options.deployments().slugs().getLast()).isEqualTo("fleet-1000");
    }

    @Test
    void deployment_prefix_names_the_fleet() {
        LoadOptions options = parse("--deployments", "3", "--deployment-prefix", "soak");

        assertThat(options.deployments().slugs()).containsExactly("soak-0001", "soak-0002", "soak-0003");
    }

    @Test
    void the_sustained_run_reads_rates_of_both_query_kinds_its_provisioning_and_its_database() {
        LoadOptions options = parse(
                "--rate", "10000/s",
                "--duration", "10m",
                "--batch", "100",
                "--queries", "0.1/s",
                "--fleet-queries", "0.2/s",
                "--admin-key", "imk_admin",
                "--tenant", "acme",
                "--database", "jdbc:postgresql://127.0.0.1:5432/test?user=u");

        assertThat(options.samplesPerSecond()).isEqualTo(10_000);
        assertThat(options.duration()).isEqualTo(Duration.ofMinutes(10));
        assertThat(options.batch()).isEqualTo(100);
        assertThat(options.queriesPerSecond()).isEqualTo(0.1);
        assertThat(options.fleetQueriesPerSecond()).isEqualTo(0.2);
        assertThat(options.adminKey()).isEqualTo("imk_admin");
        assertThat(options.tenant()).isEqualTo("acme");
        assertThat(options.database()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test?user=u");
    }

    @Test
    void one_deployment_and_a_fleet_cannot_both_be_asked_for() {
        assertThatThrownBy(() -> parse("--deployment", "sandbox", "--deployments", "10"))
                .hasMessage("give --deployment or --deployments, not both");
    }

    @Test
    void a_fleet_needs_at_least_one_deployment() {
        assertThatThrownBy(() -> parse("--deployments", "0")).hasMessage("--deployments must be from 1 to 100,000");
    }

    @Test
    void provisioning_needs_the_tenant_the_deployments_belong_to() {
        assertThatThrownBy(() -> parse("--admin-key", "imk_admin"))
                .hasMessage("--admin-key needs --tenant, the tenant of --key");
    }

    @Test
    void negative_fleet_query_rates_are_refused() {
        assertThatThrownBy(() -> parse("--fleet-queries", "-1/s"))
                .hasMessage("--fleet-queries must be from 0 to 1,000/s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "Infinity", "-Infinity", "1000001/s", "0"})
    void a_rate_must_be_finite_above_zero_and_at_most_a_million_a_second(String rate) {
        assertThatThrownBy(() -> parse("--rate", rate)).hasMessage("--rate must be above 0 and at most 1,000,000/s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "Infinity", "1001/s"})
    void query_rates_must_be_finite_and_at_most_a_thousand_a_second(String rate) {
        assertThatThrownBy(() -> parse("--queries", rate)).hasMessage("--queries must be from 0 to 1,000/s");
        assertThatThrownBy(() -> parse("--fleet-queries", rate))
                .hasMessage("--fleet-queries must be from 0 to 1,000/s");
    }

    @Test
    void the_highest_rates_allowed_are_taken() {
        LoadOptions options = parse("--rate", "1000000/s", "--queries", "1000/s", "--fleet-queries", "1000/s");

        assertThat(options.samplesPerSecond()).isEqualTo(1_000_000);
        assertThat(options.queriesPerSecond()).isEqualTo(1_000);
    }

    @Test
    void a_fleet_is_at_most_a_hundred_thousand_deployments() {
        assertThat(parse("--deployments", "100000").deployments().slugs().getLast())
                .isEqualTo("fleet-100000");
        assertThatThrownBy(() -> parse("--deployments", "100001"))
                .hasMessage("--deployments must be from 1 to 100,000");
    }

    @Test
    void a_prefix_that_would_not_make_valid_slugs_is_refused() {
        assertThatThrownBy(() -> parse("--deployments", "3", "--deployment-prefix", "Fleet"))
                .hasMessage("--deployment-prefix: Fleet-0001 is not a valid slug (lowercase letters, digits and"
                        + " hyphens, first a letter or digit, 63 characters at most)");
        assertThatThrownBy(() -> parse("--deployments", "3", "--deployment-prefix", "a/b"))
                .hasMessageStartingWith("--deployment-prefix: a/b-0001 is not a valid slug");
        assertThatThrownBy(() -> parse("--deployments", "3", "--deployment-prefix", "x".repeat(59)))
                .hasMessageStartingWith("--deployment-prefix: " + "x".repeat(59) + "-0001 is not a valid slug");
        assertThat(parse("--deployments", "3", "--deployment-prefix", "x".repeat(58))
                        .deployments()
                        .count())
                .isEqualTo(3);
    }

    @Test
    void a_prefix_without_a_fleet_is_refused() {
        assertThatThrownBy(() -> parse("--deployment-prefix", "soak"))
                .hasMessage("--deployment-prefix names a fleet: give --deployments too");
    }

    @Test
    void a_duration_must_be_longer_than_nothing() {
        assertThatThrownBy(() -> parse("--duration", "0s")).hasMessage("--duration must be longer than 0s");
        assertThatThrownBy(() -> parse("--duration", "PT0S")).hasMessage("--duration must be longer than 0s");
    }

    @Test
    void unknown_options_and_options_without_a_value_are_refused() {
        assertThatThrownBy(() -> parse("--fleet", "10")).hasMessage("unknown option --fleet");
        assertThatThrownBy(() -> parse("--deployments")).hasMessage("--deployments needs a value");
    }

    @Test
    void help_prints_every_option_and_sends_nothing() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        int exit = LoadGenerator.run(new String[] {"--help"}, new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(exit).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("--deployments N", "--deployment-prefix P", "--admin-key KEY", "--fleet-queries N/s")
                .contains("--database JDBC_URL");
    }

    @Test
    void url_and_key_are_required() {
        assertThatThrownBy(() -> LoadOptions.parse(List.of("--url", "http://127.0.0.1:8080")))
                .hasMessage("--url and --key are required");
    }

    @Test
    void a_url_without_a_scheme_is_refused_at_once_naming_the_option() {
        assertThatThrownBy(() -> LoadOptions.parse(List.of("--url", "localhost:8080", "--key", "imk_x")))
                .hasMessage("--url: not an absolute http or https URL such as http://localhost:8080: localhost:8080");
        assertThatThrownBy(() -> LoadOptions.parse(List.of("--url", "/api", "--key", "imk_x")))
                .hasMessageStartingWith("--url: not an absolute http or https URL");
        assertThat(OptionValues.url("https://metrics.example.com"))
                .isEqualTo(URI.create("https://metrics.example.com"));
    }

    @Test
    void a_url_without_a_scheme_ends_the_command_with_usage_before_anything_is_sent() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        int exit = LoadGenerator.run(
                new String[] {"--url", "localhost:8080", "--key", "imk_x"},
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(2);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .startsWith("--url: not an absolute http or https URL")
                .contains("usage:");
    }

    @Test
    void a_value_that_is_not_a_number_is_refused_naming_its_option() {
        assertThatThrownBy(() -> parse("--rate", "abc")).hasMessage("--rate: not a number: abc");
        assertThatThrownBy(() -> parse("--queries", "1,5/s")).hasMessage("--queries: not a number: 1,5/s");
        assertThatThrownBy(() -> parse("--batch", "1e3")).hasMessage("--batch: not a whole number: 1e3");
        assertThatThrownBy(() -> parse("--deployments", "ten")).hasMessage("--deployments: not a whole number: ten");
        assertThatThrownBy(() -> parse("--duration", "soon"))
                .hasMessage("--duration: not a duration such as 60s, 5m or PT2M: soon");
    }

    @Test
    void an_empty_duration_is_refused_with_a_message_not_an_index_error() {
        assertThatThrownBy(() -> OptionValues.duration(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--duration: not a duration such as 60s, 5m or PT2M: ");
    }

    @Test
    void a_run_with_fewer_batches_than_deployments_warns_how_many_receive_nothing() {
        LoadOptions options = parse("--deployments", "1000", "--rate", "100/s", "--duration", "60s", "--batch", "10");

        assertThat(options.unreachedDeploymentsWarning())
                .hasValue("warning: 600 batches of 10 in the run for 1,000 deployments: 400 of them receive nothing;"
                        + " raise --rate or --duration, or lower --batch");
    }

    @Test
    void a_run_that_reaches_every_deployment_gives_no_warning() {
        assertThat(parse("--deployments", "1000", "--rate", "100/s", "--duration", "100s", "--batch", "10")
                        .unreachedDeploymentsWarning())
                .isEmpty();
        assertThat(parse().unreachedDeploymentsWarning()).isEmpty();
    }
}
