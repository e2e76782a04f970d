package dev.inferencemetrics.tenant.ui;

import com.vaadin.flow.component.combobox.ComboBox;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;

/**
 * A filter's tenant, chosen among however many there are: it reads a page of active tenants at a time, by name, and
 * what a person types narrows them in PostgreSQL. Empty means every tenant.
 */
public final class TenantChooser extends ComboBox<TenantSummary> {

    public TenantChooser(String label, TenantService tenants, TenantScope scope) {
        super(label);
        setItems(
                query ->
                        tenants
                                .page(scope, query.getFilter().orElse(""), false, query.getOffset(), query.getLimit())
                                .stream(),
                query -> tenants.count(scope, query.getFilter().orElse(""), false));
        setItemLabelGenerator(TenantSummary::name);
        setClearButtonVisible(true);
    }
}
