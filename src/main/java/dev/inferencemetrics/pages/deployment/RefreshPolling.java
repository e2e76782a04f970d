package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.shared.Registration;
import org.jspecify.annotations.Nullable;

/** Auto-refresh: the UI polls the server at the chosen interval and each poll reloads the tab. */
final class RefreshPolling {

    private final Runnable reload;
    private @Nullable Registration polling;

    RefreshPolling(Runnable reload) {
        this.reload = reload;
    }

    void schedule(AutoRefresh every) {
        UI ui = UI.getCurrent();
        if (polling != null) {
            polling.remove();
            polling = null;
        }
        if (ui == null) {
            return;
        }
        if (every == AutoRefresh.OFF) {
            ui.setPollInterval(-1);
            return;
        }
        ui.setPollInterval((int) every.interval().toMillis());
        polling = ui.addPollListener(event -> reload.run());
    }
}
