package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.Confirmation;
import dev.inferencemetrics.base.ui.NarrowScreen;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** Operators add tenants, and rename, archive or restore the one selected in the list. */
class TenantsPanel extends VerticalLayout {

    final TextField newSlug = new TextField("Tenant slug");
    final TextField newName = new TextField("Tenant name");
    final Button add = new Button("Add tenant");
    final Checkbox showArchived = new Checkbox("Show archived tenants");
    final TextField filter = new TextField();
    final Grid<TenantSummary> grid = new Grid<>();
    final TextField name = new TextField("Name");
    final Button rename = new Button("Rename");
    final Button archive = new Button("Archive tenant");
    final Button restore = new Button("Restore tenant");
    final Paragraph message = new Paragraph();
    private final TenantService tenants;
    private final SignedInUser operator;
    private final Runnable changed;

    /** {@code changed} runs after a tenant was added or changed, for whatever lists tenants beside this panel. */
    TenantsPanel(TenantService tenants, SignedInUser operator, Runnable changed) {
        this.tenants = tenants;
        this.operator = operator;
        this.changed = changed;
        setPadding(false);
        newSlug.setPattern(TenantService.SLUG_PATTERN);
        add.addClickListener(click -> addTenant());
        showArchived.addValueChangeListener(change -> refresh());
        filter.setPlaceholder("Filter by name or slug");
        filter.setClearButtonVisible(true);
        filter.setValueChangeMode(ValueChangeMode.LAZY);
        filter.addClassName("tenant-filter");
        filter.addValueChangeListener(change -> refresh());
        grid.addThemeVariants(GridVariant.LUMO_COMPACT);
        grid.addColumn(TenantSummary::name).setHeader("Tenant");
        Grid.Column<TenantSummary> slug = grid.addColumn(TenantSummary::slug).setHeader("Slug");
        grid.addColumn(tenant -> ArchiveState.describe(tenant.archivedAt())).setHeader("State");
        // a fixed height: with every row shown, the browser would ask for all tenants at once
        grid.setHeight("16em");
        NarrowScreen.follow(this, narrow -> slug.setVisible(!narrow));
        grid.asSingleSelect().addValueChangeListener(change -> show(change.getValue()));
        rename.addClickListener(click -> withSelected(tenant -> {
            tenants.rename(operator.scope(), operator.userId(), tenant.id(), name.getValue());
            return "Renamed to " + name.getValue().trim() + "; its slug stays " + tenant.slug() + ".";
        }));
        archive.addThemeVariants(ButtonVariant.LUMO_ERROR);
        archive.addClickListener(click -> Confirmation.ask(
                "Archive this tenant?",
                "Its deployments disappear from lists and refuse samples; its people can still sign in, its history"
                        + " stays, and it can be restored.",
                "Archive",
                () -> withSelected(tenant -> {
                    tenants.archive(operator.scope(), operator.userId(), tenant.id());
                    return tenant.name() + " is archived: hidden, and its deployments refuse samples. History stays.";
                })));
        restore.addClickListener(click -> withSelected(tenant -> {
            tenants.restore(operator.scope(), operator.userId(), tenant.id());
            return tenant.name() + " is active again.";
        }));
        add(new H2("Tenants"), row(newSlug, newName, add), row(filter, showArchived), grid);
        add(row(name, rename, archive, restore), message);
        refresh();
    }

    private void addTenant() {
        if (!newSlug.getValue().matches(TenantService.SLUG_PATTERN)
                || newName.getValue().isBlank()) {
            message.setText("A tenant needs a slug (lower-case letters, digits, dashes) and a name.");
            return;
        }
        tenants.provision(operator.scope(), operator.userId(), newSlug.getValue(), newName.getValue());
        message.setText("Tenant " + newName.getValue().trim() + " is ready.");
        newSlug.clear();
        newName.clear();
        refresh();
        changed.run();
    }

    /** Runs the action on the selected tenant and reports what it did, or why it did nothing. */
    private void withSelected(Function<TenantSummary, String> action) {
        TenantSummary tenant = grid.asSingleSelect().getValue();
        if (tenant == null) {
            message.setText("Select a tenant in the list first.");
            return;
        }
        try {
            message.setText(action.apply(tenant));
        } catch (UnusableValueException e) {
            message.setText(e.getMessage());
            return;
        }
        refresh();
        changed.run();
    }

    private void refresh() {
        // a page at a time, as the grid scrolls: the filter narrows them in PostgreSQL
        String text = filter.getValue();
        boolean archived = showArchived.getValue();
        grid.setItems(
                page -> tenants.page(operator.scope(), text, archived, page.getOffset(), page.getLimit()).stream(),
                page -> tenants.count(operator.scope(), text, archived));
        show(null);
    }

    private void show(@Nullable TenantSummary tenant) {
        name.setValue(tenant == null ? "" : tenant.name());
        name.setEnabled(tenant != null);
        rename.setEnabled(tenant != null);
        archive.setVisible(tenant != null && !tenant.archived());
        restore.setVisible(tenant != null && tenant.archived());
    }

    static HorizontalLayout row(Component... components) {
        HorizontalLayout row = new HorizontalLayout(components);
        row.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        row.setWrap(true);
        return row;
    }
}
