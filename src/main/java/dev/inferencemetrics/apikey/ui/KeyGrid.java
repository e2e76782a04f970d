package dev.inferencemetrics.apikey.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import dev.inferencemetrics.apikey.ApiKeyInfo;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.base.ui.Confirmation;
import dev.inferencemetrics.base.ui.PageTimeZone;
import java.time.Clock;
import java.util.function.Consumer;

/** Keys as people know them (name, prefix, scopes, when created and last used, status) with a revoke button each. */
class KeyGrid extends Grid<ApiKeyInfo> {

    private final Clock clock;
    private final Consumer<ApiKeyInfo> revoke;

    /** {@code revoke} revokes the key and shows the list anew; it runs once the user has confirmed. */
    KeyGrid(Clock clock, Consumer<ApiKeyInfo> revoke, String emptyStateText) {
        this.clock = clock;
        this.revoke = revoke;
        addColumn(ApiKeyInfo::name).setHeader("Name").setAutoWidth(true);
        addColumn(key -> key.prefix() + "…").setHeader("Key").setAutoWidth(true);
        addColumn(key -> String.join(
                        ", ", key.scopes().stream().map(ApiScope::code).sorted().toList()))
                .setHeader("Scopes")
                .setAutoWidth(true);
        PageTimeZone zone = PageTimeZone.of(UI.getCurrent());
        addColumn(key -> zone.format(key.createdAt())).setHeader("Created").setAutoWidth(true);
        addColumn(key -> key.lastUsedAt() == null ? "never" : zone.format(key.lastUsedAt()))
                .setHeader("Last used")
                .setAutoWidth(true);
        addColumn(key -> KeyStatus.of(key, clock.instant()).label())
                .setHeader("Status")
                .setAutoWidth(true);
        addComponentColumn(this::revokeButton).setHeader("Revoke").setAutoWidth(true);
        setEmptyStateText(emptyStateText);
    }

    private Button revokeButton(ApiKeyInfo key) {
        Button button = new Button(
                "Revoke",
                click -> Confirmation.ask(
                        "Revoke key " + key.prefix() + "… \"" + key.name() + "\"?",
                        "Every call made with this key is refused from now on. A revoked key cannot be restored.",
                        "Revoke",
                        () -> revoke.accept(key)));
        button.addThemeVariants(ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
        button.setEnabled(KeyStatus.of(key, clock.instant()) == KeyStatus.ACTIVE);
        return button;
    }
}
