package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.NarrowScreen;
import dev.inferencemetrics.deployment.DeploymentFilter;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.SloPreset;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenant.TenantService;
import jakarta.annotation.security.RolesAllowed;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;

/** Operators add, edit, archive and restore tenants and deployments here. */
@Route("admin/deployments")
@Menu(order = 5, title = "Tenants and deployments", icon = "vaadin:cog")
@PageTitle("Tenants and deployments · Inference Metrics")
@RolesAllowed("OPERATOR")
public class DeploymentAdminView extends VerticalLayout {

    /** The deployment columns a phone keeps. */
    private static final Set<String> ON_A_PHONE = Set.of("deployment", "tenant");

    final TenantsPanel tenants;
    final DeploymentForm form;
    final Button addDeployment = new Button("Add deployment");
    final Paragraph message = new Paragraph();
    final Checkbox showArchived = new Checkbox("Show archived deployments");
    final TextField filter = new TextField();
    final Grid<DeploymentListItem> deployments = new Grid<>();
    final DeploymentEditor editor;
    private final TenantService tenantService;
    private final DeploymentService deploymentService;
    private final SignedInUser operator;

    public DeploymentAdminView(
            TenantService tenantService,
            DeploymentService deploymentService,
            DeploymentOtlpNames otlpNames,
            DeploymentRawRetention rawRetention,
            CurrentUser currentUser,
            ObjectProvider<DeploymentEditorLink> editorLinks) {
        this.tenantService = tenantService;
        this.deploymentService = deploymentService;
        this.operator = currentUser.require();
        this.form = new DeploymentForm(tenantService, operator.scope());
        this.tenants = new TenantsPanel(tenantService, operator, this::refresh);
        this.editor = new DeploymentEditor(
                deploymentService,
                otlpNames,
                rawRetention,
                operator,
                editorLinks.orderedStream().toList(),
                this::refreshAndShow);
        addDeployment.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        addDeployment.addClickListener(click -> addDeployment());
        showArchived.addValueChangeListener(change -> refresh());
        filter.setPlaceholder("Filter by name, slug or tenant");
        filter.setPrefixComponent(VaadinIcon.SEARCH.create());
        filter.setValueChangeMode(ValueChangeMode.LAZY);
        filter.setClearButtonVisible(true);
        filter.setWidth("20em");
        filter.setMaxWidth("100%");
        filter.addClassName("deployment-filter");
        filter.addValueChangeListener(change -> refresh());
        deployments
                .addColumn(DeploymentListItem::displayName)
                .setHeader("Deployment")
                .setKey("deployment");
        deployments.addColumn(DeploymentListItem::slug).setHeader("Slug").setKey("slug");
        deployments
                .addColumn(DeploymentListItem::tenantName)
                .setHeader("Tenant")
                .setKey("tenant");
        deployments.addColumn(DeploymentListItem::engine).setHeader("Engine").setKey("engine");
        deployments
                .addColumn(deployment -> ArchiveState.describe(deployment.archivedAt()))
                .setHeader("State")
                .setKey("state");
        deployments.setHeight("24em");
        // a fleet holds thousands: the grid asks for the rows it draws, filtered and paged in PostgreSQL
        deployments.setItems(
                page -> deploymentService.page(operator.scope(), listed(), page.getOffset(), page.getLimit()).stream(),
                page -> deploymentService.count(operator.scope(), listed()));
        deployments.asSingleSelect().addValueChangeListener(change -> show(change.getValue()));
        NarrowScreen.follow(this, narrow -> deployments
                .getColumns()
                .forEach(column -> column.setVisible(!narrow || ON_A_PHONE.contains(column.getKey()))));
        message.addClassName("form-message");
        HorizontalLayout listTools = new HorizontalLayout(filter, showArchived);
        listTools.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        listTools.setWrap(true);
        add(new H1("Tenants and deployments"), tenants, new H2("New deployment"), form, addDeployment, message);
        add(new H2("Deployments"), listTools, deployments, editor);
        refresh();
    }

    private DeploymentFilter listed() {
        return new DeploymentFilter(filter.getValue(), showArchived.getValue());
    }

    private void addDeployment() {
        DeploymentForm.Result result = form.read();
        if (result.definition().isEmpty()) {
            message.setText(result.problem());
            return;
        }
        boolean created;
        try {
            created = deploymentService.create(
                    operator.scope(), operator.userId(), result.definition().get());
            SloPreset preset = form.settings.chosenPreset();
            if (created && preset != null) {
                deploymentService.applyPreset(
                        operator.scope(), result.definition().get().slug(), preset);
            }
        } catch (UnusableValueException e) {
            message.setText(e.getMessage());
            return;
        }
        message.setText(
                created
                        ? "Deployment " + result.definition().get().slug()
                                + " created. Give its tenant an API key to send data."
                        : "The slug " + result.definition().get().slug() + " is taken; choose another.");
        refresh();
    }

    private void show(@Nullable DeploymentListItem deployment) {
        editor.show(deployment == null ? null : deploymentService.require(operator.scope(), deployment.slug()));
    }

    private void refresh() {
        form.tenantsChanged();
        deployments.getDataProvider().refreshAll();
        deployments.deselectAll();
        editor.show(null);
    }

    /** After a change the list is read anew; the changed deployment stays in the editor, even once hidden. */
    private void refreshAndShow(String slug) {
        refresh();
        deploymentService.listItem(operator.scope(), slug).ifPresent(deployments::select);
        editor.show(deploymentService.require(operator.scope(), slug));
    }
}
