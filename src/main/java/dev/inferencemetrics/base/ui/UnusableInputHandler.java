package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.notification.Notification;
import com.vaadin.flow.component.notification.NotificationVariant;
import com.vaadin.flow.server.DefaultErrorHandler;
import com.vaadin.flow.server.ErrorEvent;
import com.vaadin.flow.server.ErrorHandler;
import java.time.DateTimeException;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;

/**
 * What a page does with a value it cannot use that no form caught (a date past what Java or PostgreSQL can hold, a
 * number out of range, a value the database refuses): tells the person in plain words and logs one line, never the
 * exception's text on the page or a stack trace in the log. Anything else goes to Vaadin's default handler.
 */
final class UnusableInputHandler implements ErrorHandler {

    static final String MESSAGE = "That value cannot be used here. Check the dates and numbers you entered.";

    private static final Logger log = LoggerFactory.getLogger(UnusableInputHandler.class);

    private final Consumer<String> tell;
    private final ErrorHandler otherwise;

    UnusableInputHandler() {
        this(UnusableInputHandler::notify, new DefaultErrorHandler());
    }

    UnusableInputHandler(Consumer<String> tell, ErrorHandler otherwise) {
        this.tell = tell;
        this.otherwise = otherwise;
    }

    @Override
    public void error(ErrorEvent event) {
        Throwable badInput = badInput(event.getThrowable());
        if (badInput == null) {
            otherwise.error(event);
            return;
        }
        log.warn("A page could not use a value: {}", badInput.toString());
        tell.accept(MESSAGE);
    }

    /** The exception, or one it wraps, that says a value was unusable; null if it is something else. */
    static @Nullable Throwable badInput(@Nullable Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof DateTimeException
                    || cause instanceof IllegalArgumentException
                    || cause instanceof ArithmeticException
                    || cause instanceof DataIntegrityViolationException) {
                return cause;
            }
        }
        return null;
    }

    private static void notify(String message) {
        if (UI.getCurrent() != null) {
            Notification.show(message, 6_000, Notification.Position.MIDDLE)
                    .addThemeVariants(NotificationVariant.LUMO_WARNING);
        }
    }
}
