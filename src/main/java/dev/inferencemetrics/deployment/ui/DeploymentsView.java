package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteAlias;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import jakarta.annotation.security.PermitAll;

/** Every deployment the signed-in person may see; operators see all tenants'. */
@Route("")
@RouteAlias("deployments")
@PageTitle("Deployments · Inference Metrics")
@PermitAll
public class DeploymentsView extends VerticalLayout {

    static final String EMPTY_STATE =
            "No deployments yet. An operator creates deployments; once a gateway sends samples they show up here.";

    final Grid<DeploymentListItem> grid = new Grid<>();

    public DeploymentsView(DeploymentService deployments, CurrentUser currentUser) {
        SignedInUser user = currentUser.require();
        setSizeFull();
        add(new H2("Deployments"), new Paragraph(subtitle(user)));
        configureGrid(user.role() == Role.OPERATOR);
        grid.setItems(deployments.visibleTo(user.scope()));
        addAndExpand(grid);
    }

    private void configureGrid(boolean showTenant) {
        grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES);
        grid.addColumn(DeploymentListItem::displayName)
                .setHeader("Deployment")
                .setSortable(true)
                .setFlexGrow(2);
        grid.addColumn(DeploymentListItem::slug).setHeader("Slug").setSortable(true);
        if (showTenant) {
            grid.addColumn(DeploymentListItem::tenantName)
                    .setHeader("Tenant")
                    .setKey("tenant")
                    .setSortable(true);
        }
        grid.addColumn(DeploymentListItem::model)
                .setHeader("Model")
                .setSortable(true)
                .setFlexGrow(2);
        grid.addColumn(DeploymentListItem::engine).setHeader("Engine").setSortable(true);
        grid.addColumn(DeploymentListItem::region).setHeader("Region").setSortable(true);
        grid.setEmptyStateText(EMPTY_STATE);
    }

    private static String subtitle(SignedInUser user) {
        return user.role() == Role.OPERATOR
                ? "All tenants' model deployments."
                : "Your organisation's model deployments.";
    }
}
