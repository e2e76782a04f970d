package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenant.TenantSummary;
import java.util.List;

/**
 * The tenant a page manages, chosen among the tenants the user may see: hidden when there is only one. Each pick
 * by an operator is recorded as cross-tenant access, naming {@code what} the page shows of that tenant.
 */
public final class TenantPicker extends Select<TenantSummary> {

    private final List<TenantSummary> visible;

    public TenantPicker(
            List<TenantSummary> visible, SignedInUser user, OperatorAccessAudit audit, String what, Runnable onPick) {
        this.visible = List.copyOf(visible);
        setLabel("Tenant");
        setItems(this.visible);
        setItemLabelGenerator(TenantSummary::name);
        setVisible(this.visible.size() > 1);
        addValueChangeListener(change -> {
            TenantSummary picked = change.getValue();
            if (picked != null) {
                audit.opened(user, picked.id(), what + " of " + picked.slug());
            }
            onPick.run();
        });
    }

    /** Picks the first tenant, if the user sees any. */
    public void pickFirst() {
        if (!visible.isEmpty()) {
            setValue(visible.getFirst());
        }
    }
}
