package dev.inferencemetrics.deployment.ui.picker;

import com.vaadin.flow.component.combobox.ComboBox;
import dev.inferencemetrics.deployment.DeploymentFilter;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A deployment chooser that holds in a fleet of thousands: it reads a page of deployments at a time, by name, and
 * what a person types narrows them in PostgreSQL. Deployments show by display name; an operator also sees the tenant,
 * since two tenants may name theirs alike.
 */
public class DeploymentPicker extends ComboBox<DeploymentListItem> {

    private final DeploymentService deployments;
    private final TenantScope scope;
    private boolean includeArchived;

    public DeploymentPicker(String label, DeploymentService deployments, TenantScope scope) {
        super(label);
        this.deployments = deployments;
        this.scope = scope;
        boolean showTenant = scope instanceof TenantScope.AllTenants;
        setItems(
                query ->
                        deployments
                                .page(scope, filter(query.getFilter()), query.getOffset(), query.getLimit())
                                .stream(),
                query -> deployments.count(scope, filter(query.getFilter())));
        setItemLabelGenerator(deployment -> label(deployment, showTenant));
        setPlaceholder("Type a name");
        addClassName("deployment-picker");
    }

    /** Whether archived deployments (and those of archived tenants) are offered too. */
    public void includeArchived(boolean include) {
        includeArchived = include;
        getDataProvider().refreshAll();
    }

    /** Chooses the deployment with this slug; false, and nothing chosen, if the scope does not see it. */
    public boolean select(String slug) {
        DeploymentListItem found = deployments.listItem(scope, slug).orElse(null);
        setValue(found);
        return found != null;
    }

    private DeploymentFilter filter(Optional<String> text) {
        return new DeploymentFilter(text.orElse(""), includeArchived);
    }

    static String label(DeploymentListItem deployment, boolean showTenant) {
        List<String> notes = new ArrayList<>();
        if (showTenant) {
            notes.add(deployment.tenantName());
        }
        if (deployment.archived()) {
            notes.add("archived");
        }
        return notes.isEmpty()
                ? deployment.displayName()
                : deployment.displayName() + " (" + String.join(", ", notes) + ")";
    }
}
