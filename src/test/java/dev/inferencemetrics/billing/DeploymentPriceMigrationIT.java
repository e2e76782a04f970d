package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.FreshDatabase;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;
import org.springframework.jdbc.core.JdbcTemplate;

@IntegrationTest
class DeploymentPriceMigrationIT {

    @Autowired
    OwnerJdbc owner;

    @Autowired
    FlywayConnectionDetails ownerConnection;

    @Test
    void deployments_priced_on_the_deployment_row_keep_those_prices_from_the_start_once_billing_alone_keeps_them() {
        try (FreshDatabase database = FreshDatabase.create(owner, ownerConnection, "price_migration")) {
            JdbcTemplate db = database.jdbc();
            database.flyway("3").migrate();
            db.update("insert into tenant (slug, name) values ('old', 'Old')");
            db.update("insert into deployment (tenant_id, slug, display_name, model, engine, region,"
                    + " price_input_per_mtok, price_output_per_mtok, currency)"
                    + " select id, 'before-v4', 'Before V4', 'm', 'vLLM', 'eu', 0.27, 1.10, 'EUR' from tenant");

            // from V4 until V24 a trigger copied the row's prices into deployment_price
            database.flyway("22").migrate();
            db.update("insert into deployment (tenant_id, slug, display_name, model, engine, region,"
                    + " price_input_per_mtok, price_output_per_mtok, currency)"
                    + " select id, 'after-v4', 'After V4', 'm', 'vLLM', 'eu', 0.05, 0.08, 'USD' from tenant");

            database.flyway("latest").migrate();
            assertThat(db.queryForList(
                            "select column_name from information_schema.columns where table_name = 'deployment'"
                                    + " and column_name in ('price_input_per_mtok', 'price_output_per_mtok', 'currency')",
                            String.class))
                    .isEmpty();

            var prices = db.queryForList("select d.slug, p.effective_from, p.price_input_per_mtok,"
                    + " p.price_output_per_mtok, p.currency from deployment_price p"
                    + " join deployment d on d.id = p.deployment_id and d.tenant_id = p.tenant_id order by d.slug");
            assertThat(prices).hasSize(2);
            assertPrice(prices.get(0), "after-v4", "0.05", "0.08", "USD");
            assertPrice(prices.get(1), "before-v4", "0.27", "1.10", "EUR");
        }
    }

    private static void assertPrice(
            Map<String, Object> row, String slug, String input, String output, String currency) {
        assertThat(row.get("slug")).isEqualTo(slug);
        assertThat(((java.sql.Timestamp) row.get("effective_from")).toInstant()).isEqualTo(Instant.EPOCH);
        assertThat((BigDecimal) row.get("price_input_per_mtok")).isEqualByComparingTo(input);
        assertThat((BigDecimal) row.get("price_output_per_mtok")).isEqualByComparingTo(output);
        assertThat(row.get("currency")).isEqualTo(currency);
    }
}
