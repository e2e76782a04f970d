package dev.inferencemetrics.apikey.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.icon.VaadinIcon;
import dev.inferencemetrics.apikey.CreatedApiKey;

/** Shows a new key once, with a copy button; after closing, only its prefix can ever be seen again. */
class NewKeyDialog extends Dialog {

    final Pre key;

    NewKeyDialog(CreatedApiKey created) {
        setHeaderTitle("Key \"" + created.info().name() + "\" created");
        key = new Pre(created.plaintext());
        key.addClassName("snippet");
        Button copy = new Button("Copy", VaadinIcon.COPY.create());
        copy.addClickListener(
                click -> copy.getElement().executeJs("navigator.clipboard.writeText($0)", created.plaintext()));
        add(new Paragraph("Copy it now: it is not stored and cannot be shown again."), key, copy);
        Button done = new Button("Done", click -> close());
        done.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(done);
    }
}
