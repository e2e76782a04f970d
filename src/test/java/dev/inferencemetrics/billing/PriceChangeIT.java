package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestLimits;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.Rfc4180;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.security.access.AccessDeniedException;

/** Prices with effective dates and billing days in a tenant's time zone, on rollups written at known instants. */
@IntegrationTest
class PriceChangeIT {

    private static final TenantScope OPERATOR = TenantScope.allTenants();

    @Autowired
    TenantService tenants;

    @Autowired
    TenantTransactions tenantTransactions;

    @Autowired
    DeploymentService deployments;

    @Autowired
    RequestRollupStore rollups;

    @Autowired
    PriceStore priceStore;

    @Autowired
    IngestLimits ingestLimits;

    @Autowired
    AutowireCapableBeanFactory beans;

    @Autowired
    UsageService usage;

    @Autowired
    Clock clock;

    @Test
    void a_price_change_prices_usage_from_its_half_hour_on_and_never_reprices_earlier_usage() throws IOException {
        long tenant = tenants.createIfAbsent("repricing-labs", "Repricing Labs");
        String slug = deployment(tenant, "repriced", TokenPrice.of("1.00", "2.00", "USD"));
        LocalDate day1 = today().minusDays(20);
        Instant midDay2 = day1.plusDays(1).atTime(12, 0).toInstant(ZoneOffset.UTC);
        prices(day1.atStartOfDay().toInstant(ZoneOffset.UTC))
                .schedule(OPERATOR, slug, midDay2, TokenPrice.of("0.50", "4.00", "USD"));
        usage(slug, day1.atTime(10, 0), 1_000_000, 500_000);
        usage(slug, day1.plusDays(1).atTime(11, 30), 300_000, 100_000);
        usage(slug, day1.plusDays(1).atTime(12, 0), 200_000, 50_000);
        usage(slug, day1.plusDays(2).atTime(9, 0), 1_234_567, 7_654_321);
        UsagePeriod period = UsagePeriod.through(day1, day1.plusDays(2));

        List<List<String>> before = csv(tenant, period);

        assertThat(before)
                .extracting(row -> String.join(" ", row.get(4), row.get(11), row.get(12), row.get(13), row.get(14)))
                .containsExactly(
                        day1 + " 1.00 2.00 1.00 1.00",
                        day1.plusDays(1) + " 1.00 2.00 0.30 0.20",
                        day1.plusDays(1) + " 0.50 4.00 0.10 0.20",
                        day1.plusDays(2) + " 0.50 4.00 0.6172835 30.617284");
        assertThat(usage.report(OPERATOR, tenant, period).total().cost().in("USD"))
                .isEqualByComparingTo(new BigDecimal("2.00")
                        .add(new BigDecimal("0.50"))
                        .add(new BigDecimal("0.30"))
                        .add(new BigDecimal("31.2345675")));

        prices(day1.plusDays(3).atStartOfDay().toInstant(ZoneOffset.UTC))
                .schedule(
                        OPERATOR,
                        slug,
                        day1.plusDays(4).atStartOfDay().toInstant(ZoneOffset.UTC),
                        TokenPrice.of("9", "9", "EUR"));

        assertThat(csv(tenant, period)).isEqualTo(before);
        assertThat(prices(Instant.EPOCH).history(OPERATOR, slug))
                .extracting(p -> p.price().currency())
                .containsExactly("USD", "USD", "EUR");
    }

    @Test
    void a_change_that_would_reprice_recorded_usage_or_split_a_half_hour_is_refused() {
        long tenant = tenants.createIfAbsent("repricing-labs", "Repricing Labs");
        String slug = deployment(tenant, "refused-changes", TokenPrice.of("1", "1", "USD"));
        Instant now = Instant.parse("2026-11-22T10:02:00Z");
        PriceService prices = prices(now);
        TokenPrice price = TokenPrice.of("2", "2", "USD");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> prices.schedule(OPERATOR, slug, Instant.parse("2026-11-22T10:00:00Z"), price))
                .withMessageContaining("must lie ahead");
        // samples may be stamped up to 10 minutes ahead of the clock, so 10:30 is still too close at 10:22
        assertThatIllegalArgumentException().isThrownBy(() -> prices(now.plus(Duration.ofMinutes(20)))
                .schedule(OPERATOR, slug, Instant.parse("2026-11-22T10:30:00Z"), price));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> prices.schedule(OPERATOR, slug, Instant.parse("2026-11-22T11:15:00Z"), price))
                .withMessageContaining("start of a half hour");
        assertThatThrownBy(() ->
                        prices.schedule(TenantScope.tenant(tenant), slug, Instant.parse("2026-11-23T00:00:00Z"), price))
                .isInstanceOf(AccessDeniedException.class);
        prices.schedule(OPERATOR, slug, Instant.parse("2026-11-22T10:30:00Z"), price);
    }

    @Test
    void billing_days_start_at_midnight_in_the_tenants_time_zone() throws IOException {
        long tenant = tenants.createIfAbsent("kolkata-labs", "Kolkata Labs");
        String slug = deployment(tenant, "kolkata-model", TokenPrice.of("1", "1", "INR"));
        usage.changeTimeZone(OPERATOR, tenant, ZoneId.of("Asia/Kolkata"));
        LocalDate day = today().minusDays(30);
        usage(slug, day.atTime(18, 0), 100, 1); // 23:30 in Kolkata
        usage(slug, day.atTime(18, 30), 200, 2); // 00:00 the next day in Kolkata

        List<List<String>> rows = csv(tenant, UsagePeriod.through(day.minusDays(1), day.plusDays(2)));

        assertThat(rows)
                .extracting(row -> String.join(" ", row.get(4), row.get(5), row.get(8)))
                .containsExactly(day + " Asia/Kolkata 100", day.plusDays(1) + " Asia/Kolkata 200");
    }

    @Test
    void a_day_with_a_daylight_saving_change_holds_its_23_or_25_hours() throws IOException {
        long tenant = tenants.createIfAbsent("new-york-labs", "New York Labs");
        String slug = deployment(tenant, "new-york-model", TokenPrice.of("1", "1", "USD"));
        ZoneId newYork = ZoneId.of("America/New_York");
        usage.changeTimeZone(OPERATOR, tenant, newYork);
        ZoneOffsetTransition change =
                newYork.getRules().previousTransition(clock.instant().minus(Duration.ofDays(2)));
        LocalDate day = LocalDate.ofInstant(change.getInstant(), newYork);
        Instant start = day.atStartOfDay(newYork).toInstant();
        Instant end = day.plusDays(1).atStartOfDay(newYork).toInstant();
        assertThat(Duration.between(start, end)).isNotEqualTo(Duration.ofDays(1));
        usage(slug, start.minus(Duration.ofMinutes(30)), 1, 0);
        usage(slug, start, 10, 0);
        usage(slug, end.minus(Duration.ofMinutes(30)), 100, 0);
        usage(slug, end, 1000, 0);

        List<List<String>> rows = csv(tenant, UsagePeriod.through(day.minusDays(1), day.plusDays(1)));

        assertThat(rows)
                .extracting(row -> row.get(4) + " " + row.get(8))
                .containsExactly(day.minusDays(1) + " 1", day + " 110", day.plusDays(1) + " 1000");
    }

    @Test
    void only_operators_set_a_time_zone_and_only_zones_whose_days_start_on_a_half_hour() {
        long tenant = tenants.createIfAbsent("kathmandu-labs", "Kathmandu Labs");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> usage.changeTimeZone(OPERATOR, tenant, ZoneId.of("Asia/Kathmandu")));
        assertThatThrownBy(() -> usage.changeTimeZone(TenantScope.tenant(tenant), tenant, ZoneId.of("UTC")))
                .isInstanceOf(AccessDeniedException.class);
        assertThat(usage.tenant(OPERATOR, "kathmandu-labs").orElseThrow().timeZone())
                .isEqualTo(ZoneId.of("UTC"));
    }

    private String deployment(long tenant, String slug, TokenPrice price) {
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, slug, "m", "vLLM", "eu")
                .withPrices(price.inputPerMtok(), price.outputPerMtok(), price.currency()));
        return slug;
    }

    /** One request's worth of tokens in the half hour that starts at {@code bucket} (UTC). */
    private void usage(String slug, LocalDateTime bucket, int input, int output) {
        usage(slug, bucket.toInstant(ZoneOffset.UTC), input, output);
    }

    private void usage(String slug, Instant bucket, int input, int output) {
        var deployment = deployments.require(OPERATOR, slug);
        RequestRollup rollup = new RequestRollup(bucket);
        rollup.addRequest(true, input, output);
        tenantTransactions.run(
                OPERATOR,
                () -> rollups.add(deployment.tenantId(), deployment.id(), Resolution.HALF_HOUR, List.of(rollup)));
    }

    /** The service as the application has it (transactional, tenant declared), but with its clock at {@code now}. */
    private PriceService prices(Instant now) {
        var service = new PriceService(deployments, priceStore, ingestLimits, Clock.fixed(now, ZoneOffset.UTC));
        return (PriceService) beans.initializeBean(service, "priceServiceAt" + now);
    }

    private List<List<String>> csv(long tenant, UsagePeriod period) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        usage.export(OPERATOR, tenant, period, UsageFormat.CSV, false, out);
        List<List<String>> records = Rfc4180.parse(out.toString(StandardCharsets.UTF_8));
        return records.subList(1, records.size());
    }

    private LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }
}
