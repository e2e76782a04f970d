package dev.inferencemetrics.tenant.ui;

import com.vaadin.flow.component.combobox.ComboBox;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import java.util.Optional;

/**
 * A tenant chosen among however many there are: it reads a page of tenants at a time, by name, and what a person
 * types narrows them in PostgreSQL. As a filter, empty means every tenant.
 */
public class TenantChooser extends ComboBox<TenantSummary> {

    private final TenantService tenants;
    private final TenantScope scope;
    private final boolean includeArchived;

    /** The active tenants the scope covers. */
    public TenantChooser(String label, TenantService tenants, TenantScope scope) {
        this(label, tenants, scope, false);
    }

    /** The tenants the scope covers, archived ones too when asked for. */
    public TenantChooser(String label, TenantService tenants, TenantScope scope, boolean includeArchived) {
        super(label);
        this.tenants = tenants;
        this.scope = scope;
        this.includeArchived = includeArchived;
        setItems(
                query -> tenants
                        .page(scope, query.getFilter().orElse(""), includeArchived, query.getOffset(), query.getLimit())
                        .stream(),
                query -> tenants.count(scope, query.getFilter().orElse(""), includeArchived));
        setItemLabelGenerator(TenantSummary::name);
        setClearButtonVisible(true);
        addClassName("tenant-chooser");
    }

    /** Whether there is more than one tenant to choose among. */
    public boolean hasChoice() {
        return tenants.count(scope, "", includeArchived) > 1;
    }

    /** The first tenant by name, if there is any. */
    public Optional<TenantSummary> first() {
        return tenants.page(scope, "", includeArchived, 0, 1).stream().findFirst();
    }
}
