package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.server.HttpStatusCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a page shows while the database is unreachable: a message instead of a stack trace, and a reload every few
 * seconds, so the page comes back by itself once the database does.
 */
abstract class DatabaseUnavailable<T extends Exception> extends VerticalLayout implements HasErrorParameter<T> {

    static final String TITLE = "The dashboard cannot reach its database";
    static final String MESSAGE = "This is usually brief (a restart or a failover). Data already sent is safe, and"
            + " gateways resend what was not stored. This page tries again every 10 seconds.";
    static final int RETRY_MILLIS = 10_000;

    private static final Logger log = LoggerFactory.getLogger(DatabaseUnavailable.class);

    DatabaseUnavailable() {
        add(new H1(TITLE), new Paragraph(MESSAGE), new Button("Try again", click -> reload()));
    }

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<T> parameter) {
        log.warn(
                "Showing {} instead of a page: {}",
                getClass().getSimpleName(),
                parameter.getCaughtException().getMessage());
        UI ui = event.getUI();
        ui.setPollInterval(RETRY_MILLIS);
        ui.addPollListener(poll -> reload());
        return HttpStatusCode.SERVICE_UNAVAILABLE.getCode();
    }

    private void reload() {
        getUI().ifPresent(ui -> ui.getPage().reload());
    }
}
