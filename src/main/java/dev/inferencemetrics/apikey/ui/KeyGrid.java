package dev.inferencemetrics.apikey.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import dev.inferencemetrics.apikey.ApiKeyInfo;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.base.ui.Confirmation;
import dev.inferencemetrics.base.ui.NarrowScreen;
import dev.inferencemetrics.base.ui.PageTimeZone;
import java.time.Clock;
import java.util.Set;
import java.util.function.Consumer;

/** Keys as people know them (name, prefix, scopes, when created and last used, status) with a revoke button each. */
class KeyGrid extends Grid<ApiKeyInfo> {

    /** The columns a phone keeps: which key, whether it works, and the button to stop it. */
    private static final Set<String> ON_A_PHONE = Set.of("name", "status", "revoke");

    private final Clock clock;
    private final Consumer<ApiKeyInfo> revoke;

    /** {@code revoke} revokes the key and shows the list anew; it runs once the user has confirmed. */
    KeyGrid(Clock clock, Consumer<ApiKeyInfo> revoke, String emptyStateText) {
        this.clock = clock;
        this.revoke = revoke;
        // widths that share the screen: a grid wider than the page kept names and Revoke buttons apart
        Column<ApiKeyInfo> name = addColumn(ApiKeyInfo::name)
                .setHeader("Name")
                .setKey("name")
                .setWidth("10em")
                .setFlexGrow(2)
                .setTooltipGenerator(ApiKeyInfo::name);
        addColumn(key -> key.prefix() + "…").setHeader("Key").setKey("key").setWidth("9em");
        addColumn(key -> String.join(
                        ", ", key.scopes().stream().map(ApiScope::code).sorted().toList()))
                .setHeader("Scopes")
                .setKey("scopes")
                .setWidth("10em")
                .setTooltipGenerator(key -> String.join(
                        ", ", key.scopes().stream().map(ApiScope::code).sorted().toList()));
        PageTimeZone zone = PageTimeZone.of(UI.getCurrent());
        addColumn(key -> zone.format(key.createdAt()))
                .setHeader("Created")
                .setKey("created")
                .setWidth("11.5em");
        addColumn(key -> key.lastUsedAt() == null ? "never" : zone.format(key.lastUsedAt()))
                .setHeader("Last used")
                .setKey("last-used")
                .setWidth("11.5em");
        addColumn(key -> KeyStatus.of(key, clock.instant()).label())
                .setHeader("Status")
                .setKey("status")
                .setWidth("6em");
        addComponentColumn(this::revokeButton)
                .setHeader("Revoke")
                .setKey("revoke")
                .setWidth("7em")
                .setFlexGrow(0);
        NarrowScreen.follow(this, narrow -> {
            getColumns().forEach(column -> column.setVisible(!narrow || ON_A_PHONE.contains(column.getKey())));
            name.setWidth(narrow ? "6em" : "10em");
        });
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
