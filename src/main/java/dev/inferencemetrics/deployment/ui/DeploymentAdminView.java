package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import jakarta.annotation.security.RolesAllowed;

/** Operators add tenants and deployments here. */
@Route("admin/deployments")
@PageTitle("Tenants and deployments · Inference Metrics")
@RolesAllowed("OPERATOR")
public class DeploymentAdminView extends VerticalLayout {

    final TextField tenantSlug = new TextField("Tenant slug");
    final TextField tenantName = new TextField("Tenant name");
    final Button addTenant = new Button("Add tenant");
    final DeploymentForm form = new DeploymentForm();
    final Button addDeployment = new Button("Add deployment");
    final Paragraph message = new Paragraph();
    final Grid<DeploymentListItem> deployments = new Grid<>();
    private final TenantService tenants;
    private final DeploymentService deploymentService;

    public DeploymentAdminView(TenantService tenants, DeploymentService deploymentService) {
        this.tenants = tenants;
        this.deploymentService = deploymentService;
        tenantSlug.setPattern(DeploymentForm.SLUG_PATTERN);
        addTenant.addClickListener(click -> addTenant());
        addDeployment.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        addDeployment.addClickListener(click -> addDeployment());
        deployments
                .addColumn(DeploymentListItem::displayName)
                .setHeader("Deployment")
                .setAutoWidth(true);
        deployments.addColumn(DeploymentListItem::slug).setHeader("Slug").setAutoWidth(true);
        deployments
                .addColumn(DeploymentListItem::tenantName)
                .setHeader("Tenant")
                .setAutoWidth(true);
        deployments.addColumn(DeploymentListItem::engine).setHeader("Engine").setAutoWidth(true);
        message.addClassName("form-message");
        HorizontalLayout tenantRow = new HorizontalLayout(tenantSlug, tenantName, addTenant);
        tenantRow.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        add(new H2("Tenants and deployments"), new H3("New tenant"), tenantRow, new H3("New deployment"), form);
        add(addDeployment, message, deployments);
        refresh();
    }

    private void addTenant() {
        if (!tenantSlug.getValue().matches(DeploymentForm.SLUG_PATTERN)
                || tenantName.getValue().isBlank()) {
            message.setText("A tenant needs a slug (lower-case letters, digits, dashes) and a name.");
            return;
        }
        tenants.createIfAbsent(tenantSlug.getValue(), tenantName.getValue().trim());
        message.setText("Tenant " + tenantName.getValue().trim() + " is ready.");
        tenantSlug.clear();
        tenantName.clear();
        refresh();
    }

    private void addDeployment() {
        DeploymentForm.Result result = form.read();
        if (result.definition().isEmpty()) {
            message.setText(result.problem());
            return;
        }
        boolean created = deploymentService.createIfAbsent(result.definition().get());
        message.setText(
                created
                        ? "Deployment " + result.definition().get().slug()
                                + " created. Give its tenant an API key to send data."
                        : "The slug " + result.definition().get().slug() + " is taken; choose another.");
        refresh();
    }

    private void refresh() {
        form.setTenants(tenants.visibleTo(TenantScope.allTenants()));
        deployments.setItems(deploymentService.visibleTo(TenantScope.allTenants()));
    }
}
