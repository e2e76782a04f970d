package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.grid.Grid;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.testing.EngineOnlyDeployment;
import dev.inferencemetrics.testing.IntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

/** The fleet overview's row of a deployment that only scrapes its engines shows their queue depth. */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class EngineSourceFleetViewIT extends SpringBrowserlessTest {

    @Autowired
    ApplicationContext context;

    @BeforeEach
    void aDeploymentKnownOnlyFromItsEngines() {
        EngineOnlyDeployment.seed(context);
    }

    @Test
    @WithUserDetails(value = EngineOnlyDeployment.VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_fleet_overview_shows_the_mean_requests_waiting_per_replica_of_a_scraped_deployment() {
        FleetOverviewView fleet = navigate("", FleetOverviewView.class);
        fleet.asCards(false);

        int row = fleet.grid
                .getGenericDataView()
                .getItems()
                .map(FleetRow::slug)
                .toList()
                .indexOf(EngineOnlyDeployment.SLUG);
        int column = fleet.grid.getColumns().stream()
                .filter(Grid.Column::isVisible)
                .toList()
                .indexOf(fleet.grid.getColumnByKey("kv"));

        assertThat(test(fleet.grid).getCellText(row, column)).endsWith(" · 4.0 waiting");
    }
}
