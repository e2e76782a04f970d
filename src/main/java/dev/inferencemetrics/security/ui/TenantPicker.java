package dev.inferencemetrics.security.ui;

import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import dev.inferencemetrics.tenant.ui.TenantChooser;

/**
 * The tenant a page manages, chosen among however many tenants the user may see (a page of them at a time, narrowed
 * by what the person types): hidden when there is only one. Each pick by an operator is recorded as cross-tenant
 * access, naming {@code what} the page shows of that tenant.
 */
public final class TenantPicker extends TenantChooser {

    public TenantPicker(
            TenantService tenants,
            boolean includeArchived,
            SignedInUser user,
            OperatorAccessAudit audit,
            String what,
            Runnable onPick) {
        super("Tenant", tenants, user.scope(), includeArchived);
        // a page manages one tenant at a time: there is no "every tenant" to clear to
        setClearButtonVisible(false);
        setVisible(hasChoice());
        addValueChangeListener(change -> {
            TenantSummary picked = change.getValue();
            if (picked != null) {
                audit.opened(user, picked.id(), what + " of " + picked.slug());
            }
            onPick.run();
        });
    }

    /** Picks the first tenant by name, if the user sees any. */
    public void pickFirst() {
        first().ifPresent(this::setValue);
    }
}
