package dev.inferencemetrics.billing;

import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.Resolution;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads usage from the half-hour rollups, priced with the price in effect at the start of each half hour, summed
 * per tenant, deployment, billing day (in the tenant's time zone) and price. Rows reach the consumer as PostgreSQL
 * delivers them (a cursor, a few hundred rows at a time) — callers must be inside a transaction for that.
 */
@Repository
class UsageStore {

    private static final int FETCH_SIZE = 500;

    private static final String TENANTS = """
            select t.id, t.slug, t.name, coalesce(b.time_zone, 'UTC') as time_zone
              from tenant t left join tenant_billing b on b.tenant_id = t.id""";

    private static final String USAGE = """
            with tenants as (%s),
            prices as (
                select p.tenant_id, p.deployment_id, p.effective_from,
                       lead(p.effective_from) over (partition by p.tenant_id, p.deployment_id
                                                    order by p.effective_from) as effective_to,
                       p.price_input_per_mtok, p.price_output_per_mtok, p.currency
                  from deployment_price p join tenants t on t.id = p.tenant_id
            )
            select t.slug as tenant, t.name as tenant_name, t.time_zone, d.slug as deployment,
                   d.display_name as deployment_name, (r.bucket at time zone t.time_zone)::date as day,
                   p.currency, p.price_input_per_mtok, p.price_output_per_mtok,
                   sum(r.requests)::bigint as requests, sum(r.ok_requests)::bigint as ok_requests,
                   sum(r.input_tokens)::bigint as input_tokens, sum(r.output_tokens)::bigint as output_tokens,
                   sum(r.counted_requests)::bigint as counted_requests,
                   sum(r.good_requests)::bigint as good_requests,
                   sum(r.counted_output_tokens)::bigint as counted_output_tokens,
                   sum(r.good_output_tokens)::bigint as good_output_tokens
              from tenants t
              join deployment d on d.tenant_id = t.id
              join request_rollup r on r.tenant_id = d.tenant_id and r.deployment_id = d.id
                                   and r.resolution_s = :resolution
                                   and r.bucket >= :from::date::timestamp at time zone t.time_zone
                                   and r.bucket < :to::date::timestamp at time zone t.time_zone
              join prices p on p.tenant_id = d.tenant_id and p.deployment_id = d.id and p.effective_from <= r.bucket
                           and (p.effective_to is null or r.bucket < p.effective_to)
             group by t.slug, t.name, t.time_zone, d.slug, d.display_name, day, p.currency,
                      p.price_input_per_mtok, p.price_output_per_mtok
             order by t.slug, d.slug, day, min(r.bucket)""";

    /** The deployments with usage in the period whose texts contain {@code :text}, grouped for sorting. */
    private static final String LISTED = """
            select d.id from tenants t
              join deployment d on d.tenant_id = t.id
              join request_rollup r on r.tenant_id = d.tenant_id and r.deployment_id = d.id
                                   and r.resolution_s = :resolution
                                   and r.bucket >= cast(:from as date)::timestamp at time zone t.time_zone
                                   and r.bucket < cast(:to as date)::timestamp at time zone t.time_zone
             where strpos(lower(d.display_name || ' ' || d.slug || ' ' || t.name || ' ' || t.slug), :text) > 0
             group by d.id, d.slug, d.display_name, t.name""";

    /**
     * A page of {@link #LISTED} (its order spliced in from {@link UsageSort}), then the usage rows of just those
     * deployments, as {@link #USAGE} reads them, in the page's order.
     */
    private static final String PAGE = """
            with tenants as (%s),
            listed as (
                select id, row_number() over (order by %s) as position from (%s) grouped
            ),
            page as (select id, position from listed order by position limit :limit offset :offset),
            prices as (
                select p.tenant_id, p.deployment_id, p.effective_from,
                       lead(p.effective_from) over (partition by p.tenant_id, p.deployment_id
                                                    order by p.effective_from) as effective_to,
                       p.price_input_per_mtok, p.price_output_per_mtok, p.currency
                  from deployment_price p join page on page.id = p.deployment_id
            )
            select t.slug as tenant, t.name as tenant_name, t.time_zone, d.slug as deployment,
                   d.display_name as deployment_name, (r.bucket at time zone t.time_zone)::date as day,
                   p.currency, p.price_input_per_mtok, p.price_output_per_mtok,
                   sum(r.requests)::bigint as requests, sum(r.ok_requests)::bigint as ok_requests,
                   sum(r.input_tokens)::bigint as input_tokens, sum(r.output_tokens)::bigint as output_tokens,
                   sum(r.counted_requests)::bigint as counted_requests,
                   sum(r.good_requests)::bigint as good_requests,
                   sum(r.counted_output_tokens)::bigint as counted_output_tokens,
                   sum(r.good_output_tokens)::bigint as good_output_tokens
              from page
              join deployment d on d.id = page.id
              join tenants t on t.id = d.tenant_id
              join request_rollup r on r.tenant_id = d.tenant_id and r.deployment_id = d.id
                                   and r.resolution_s = :resolution
                                   and r.bucket >= cast(:from as date)::timestamp at time zone t.time_zone
                                   and r.bucket < cast(:to as date)::timestamp at time zone t.time_zone
              join prices p on p.tenant_id = d.tenant_id and p.deployment_id = d.id and p.effective_from <= r.bucket
                           and (p.effective_to is null or r.bucket < p.effective_to)
             group by page.position, t.slug, t.name, t.time_zone, d.slug, d.display_name, day, p.currency,
                      p.price_input_per_mtok, p.price_output_per_mtok
             order by page.position, day, min(r.bucket)""";

    /**
     * Usage by the value of one dimension, per tenant, deployment, value, billing day and price: the dimension's
     * rollups by value ({@code ''}: the values past a day's cap), and the requests that named no value (null) as what
     * the request rollups hold beyond the dimension's, so the values of a deployment add up to its usage exactly. The
     * order (spliced in) groups the lines the caller sums.
     */
    private static final String BY_VALUE = """
            with tenants as (%s),
            prices as (
                select p.tenant_id, p.deployment_id, p.effective_from,
                       lead(p.effective_from) over (partition by p.tenant_id, p.deployment_id
                                                    order by p.effective_from) as effective_to,
                       p.price_input_per_mtok, p.price_output_per_mtok, p.currency
                  from deployment_price p join tenants t on t.id = p.tenant_id
            ),
            lines as (
                select v.tenant_id, v.deployment_id, v.bucket, v.value, %s
                  from tenants t join dimension_rollup_live v on v.tenant_id = t.id and v.dimension = :dimension
                   and v.resolution_s = :resolution
                   and v.bucket >= :from::date::timestamp at time zone t.time_zone
                   and v.bucket < :to::date::timestamp at time zone t.time_zone
                union all
                select r.tenant_id, r.deployment_id, r.bucket, null, %s
                  from tenants t join request_rollup r on r.tenant_id = t.id and r.resolution_s = :resolution
                   and r.bucket >= :from::date::timestamp at time zone t.time_zone
                   and r.bucket < :to::date::timestamp at time zone t.time_zone
                union all
                select v.tenant_id, v.deployment_id, v.bucket, null, %s
                  from tenants t join dimension_rollup_live v on v.tenant_id = t.id and v.dimension = :dimension
                   and v.resolution_s = :resolution
                   and v.bucket >= :from::date::timestamp at time zone t.time_zone
                   and v.bucket < :to::date::timestamp at time zone t.time_zone
            )
            select t.slug as tenant, t.name as tenant_name, t.time_zone, d.slug as deployment,
                   d.display_name as deployment_name, l.value, (l.bucket at time zone t.time_zone)::date as day,
                   p.currency, p.price_input_per_mtok, p.price_output_per_mtok,
                   sum(l.requests)::bigint as requests, sum(l.ok_requests)::bigint as ok_requests,
                   sum(l.input_tokens)::bigint as input_tokens, sum(l.output_tokens)::bigint as output_tokens,
                   0::bigint as counted_requests, 0::bigint as good_requests,
                   0::bigint as counted_output_tokens, 0::bigint as good_output_tokens
              from lines l
              join tenants t on t.id = l.tenant_id
              join deployment d on d.tenant_id = l.tenant_id and d.id = l.deployment_id
              join prices p on p.tenant_id = d.tenant_id and p.deployment_id = d.id and p.effective_from <= l.bucket
                           and (p.effective_to is null or l.bucket < p.effective_to)
             group by t.slug, t.name, t.time_zone, d.slug, d.display_name, l.value, day, p.currency,
                      p.price_input_per_mtok, p.price_output_per_mtok
            having l.value is not null or sum(l.requests) <> 0
             order by %s""";

    private static final List<String> COUNTS = List.of("requests", "ok_requests", "input_tokens", "output_tokens");

    /** The counts of the rollup {@code alias}, each with the sign given ("" or "-"), by their own names. */
    private static String counts(String alias, String sign) {
        return String.join(
                ", ",
                COUNTS.stream().map(c -> sign + alias + "." + c + " as " + c).toList());
    }

    private static final RowMapper<UsageRow> USAGE_ROW = (rs, n) -> row(rs);

    private static final RowMapper<BillingTenant> TENANT = (rs, n) -> tenant(rs);

    private final JdbcClient client;

    UsageStore(JdbcClient client) {
        this.client = client;
    }

    /** Every usage row of the tenant (or of all tenants when null) in the period, in tenant, deployment, day order. */
    void forEachRow(@Nullable Long tenantId, UsagePeriod period, Consumer<UsageRow> consumer) {
        String tenants = tenantId == null ? TENANTS : TENANTS + " where t.id = :tenant";
        JdbcClient.StatementSpec statement = client.sql(USAGE.formatted(tenants))
                .withFetchSize(FETCH_SIZE)
                .param("resolution", Resolution.HALF_HOUR.seconds())
                .param("from", period.from())
                .param("to", period.to());
        if (tenantId != null) {
            statement = statement.param("tenant", tenantId);
        }
        statement.query((RowCallbackHandler) rs -> consumer.accept(row(rs)));
    }

    /**
     * Every usage row of the tenant (or of all tenants when null) in the period by the value of the grouping's
     * dimension, each with its deployment and price; ordered by tenant and value, then by deployment and day when the
     * grouping is per deployment, else by day and currency. The goodput counts are not split by value (zero here).
     */
    void forEachValueRow(
            @Nullable Long tenantId, UsagePeriod period, UsageGrouping grouping, Consumer<ValueUsageRow> consumer) {
        Dimension dimension = Objects.requireNonNull(grouping.dimension(), "a grouping by a dimension");
        String tenants = tenantId == null ? TENANTS : TENANTS + " where t.id = :tenant";
        String order = grouping.perDeployment()
                ? "t.slug, l.value nulls first, d.slug, day, min(l.bucket)"
                : "t.slug, l.value nulls first, day, p.currency, d.slug, min(l.bucket)";
        JdbcClient.StatementSpec statement = client.sql(
                        BY_VALUE.formatted(tenants, counts("v", ""), counts("r", ""), counts("v", "-"), order))
                .withFetchSize(FETCH_SIZE)
                .param("dimension", dimension.code())
                .param("resolution", Resolution.HALF_HOUR.seconds())
                .param("from", period.from())
                .param("to", period.to());
        if (tenantId != null) {
            statement = statement.param("tenant", tenantId);
        }
        statement.query((RowCallbackHandler) rs -> consumer.accept(new ValueUsageRow(rs.getString("value"), row(rs))));
    }

    /**
     * The usage rows of one page of the deployments with usage in the period (of the tenant, or of all tenants when
     * null) that the listing selects, in its order and then by day.
     */
    List<UsageRow> deploymentPage(
            @Nullable Long tenantId, UsagePeriod period, UsageListing listing, int offset, int limit) {
        String direction = listing.descending() ? " desc" : " asc";
        // the window orders the grouped rows by their own columns, which the outer query no longer has
        String grouped = LISTED.replace(
                "select d.id from", "select d.id, d.slug, " + listing.sort().expression() + " as sort_key from");
        String sql = PAGE.formatted(namedTenants(), "sort_key" + direction + ", slug", grouped);
        return withPeriod(client.sql(sql), tenantId, period, listing)
                .param("limit", limit)
                .param("offset", offset)
                .query(USAGE_ROW)
                .list();
    }

    /** How many deployments have usage in the period and match the listing's text. */
    int deploymentCount(@Nullable Long tenantId, UsagePeriod period, UsageListing listing) {
        String sql = "with tenants as (" + namedTenants() + ") select count(*) from (" + LISTED + ") listed";
        return withPeriod(client.sql(sql), tenantId, period, listing)
                .query(Integer.class)
                .single();
    }

    private static String namedTenants() {
        return TENANTS + " where cast(:tenant as bigint) is null or t.id = :tenant";
    }

    private static JdbcClient.StatementSpec withPeriod(
            JdbcClient.StatementSpec statement, @Nullable Long tenantId, UsagePeriod period, UsageListing listing) {
        return statement
                .param("tenant", tenantId)
                .param("resolution", Resolution.HALF_HOUR.seconds())
                .param("from", period.from())
                .param("to", period.to())
                .param("text", listing.text());
    }

    List<BillingTenant> tenants(@Nullable Long tenantId) {
        return tenantId == null
                ? client.sql(TENANTS + " order by t.name, t.id").query(TENANT).list()
                : client.sql(TENANTS + " where t.id = :tenant")
                        .param("tenant", tenantId)
                        .query(TENANT)
                        .list();
    }

    Optional<BillingTenant> tenantBySlug(String slug) {
        return client.sql(TENANTS + " where t.slug = :slug").param("slug", slug).query(TENANT).list().stream()
                .findFirst();
    }

    boolean databaseKnowsTimeZone(ZoneId zone) {
        return Boolean.TRUE.equals(client.sql("select exists (select 1 from pg_timezone_names where name = :zone)")
                .param("zone", zone.getId())
                .query(Boolean.class)
                .single());
    }

    void saveTimeZone(long tenantId, ZoneId zone) {
        client.sql("insert into tenant_billing (tenant_id, time_zone) values (:tenant, :zone)"
                        + " on conflict (tenant_id) do update set time_zone = excluded.time_zone")
                .param("tenant", tenantId)
                .param("zone", zone.getId())
                .update();
    }

    private static UsageRow row(ResultSet rs) throws SQLException {
        return new UsageRow(
                rs.getString("tenant"),
                rs.getString("tenant_name"),
                ZoneId.of(rs.getString("time_zone")),
                rs.getString("deployment"),
                rs.getString("deployment_name"),
                rs.getObject("day", LocalDate.class),
                rs.getLong("requests"),
                rs.getLong("ok_requests"),
                rs.getLong("input_tokens"),
                rs.getLong("output_tokens"),
                rs.getLong("counted_requests"),
                rs.getLong("good_requests"),
                rs.getLong("counted_output_tokens"),
                rs.getLong("good_output_tokens"),
                new TokenPrice(
                        rs.getBigDecimal("price_input_per_mtok"),
                        rs.getBigDecimal("price_output_per_mtok"),
                        rs.getString("currency")));
    }

    private static BillingTenant tenant(ResultSet rs) throws SQLException {
        return new BillingTenant(
                rs.getLong("id"), rs.getString("slug"), rs.getString("name"), ZoneId.of(rs.getString("time_zone")));
    }
}
