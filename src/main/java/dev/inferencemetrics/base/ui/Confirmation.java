package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.confirmdialog.ConfirmDialog;

/** Asks before an action that cannot be taken back by accident: revoking a key, archiving, deleting. */
public final class Confirmation {

    private Confirmation() {}

    /** Opens the question; {@code action} runs only if the person confirms. */
    public static ConfirmDialog ask(String header, String text, String confirm, Runnable action) {
        ConfirmDialog dialog = new ConfirmDialog(header, text, confirm, event -> action.run());
        dialog.setCancelable(true);
        dialog.setCancelText("Cancel");
        dialog.setConfirmButtonTheme("error primary");
        dialog.open();
        return dialog;
    }
}
