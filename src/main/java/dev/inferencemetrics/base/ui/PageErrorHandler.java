package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.notification.Notification;
import com.vaadin.flow.component.notification.NotificationVariant;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.server.ErrorEvent;
import com.vaadin.flow.server.ErrorHandler;
import dev.inferencemetrics.base.ErrorId;
import dev.inferencemetrics.base.UnusableValueException;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * What a page says when something fails that no form caught. A value the person gave that cannot be used (a feature
 * said so with an {@link dev.inferencemetrics.base.UnusableValueException} or a 400 {@link ErrorResponseException} such as the API's problems, or
 * PostgreSQL refused it) gets a plain sentence and one log line. Anything else is ours, never blamed on their input:
 * "Something went wrong on our side" with an error id that is logged with the stack trace.
 */
final class PageErrorHandler implements ErrorHandler {

    static final String UNUSABLE_VALUE = "That value cannot be used here. Check the dates and numbers you entered.";

    private static final Logger log = LoggerFactory.getLogger(PageErrorHandler.class);

    /** Shows a sentence; true when it is a failure of ours, which stays on screen until closed. */
    private final BiConsumer<String, Boolean> tell;

    PageErrorHandler() {
        this(PageErrorHandler::notify);
    }

    PageErrorHandler(BiConsumer<String, Boolean> tell) {
        this.tell = tell;
    }

    @Override
    public void error(ErrorEvent event) {
        Throwable thrown = event.getThrowable();
        if (DisconnectedClientHelper.isClientDisconnectedException(thrown)) {
            log.debug("The browser went away during a request: {}", thrown.toString());
            return;
        }
        Throwable unusable = unusableValue(thrown);
        if (unusable != null) {
            log.warn("A page could not use a value: {}", unusable.toString());
            tell.accept(UNUSABLE_VALUE, false);
            return;
        }
        String id = ErrorId.logged(log, "A page failed", thrown);
        tell.accept(ErrorId.sentence(id), true);
    }

    /** The exception, or one it wraps, that says a value someone gave was unusable; null if the failure is ours. */
    static @Nullable Throwable unusableValue(@Nullable Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnusableValueException
                    || cause instanceof ErrorResponseException problem
                            && problem.getStatusCode().isSameCodeAs(HttpStatus.BAD_REQUEST)
                    || cause instanceof DataIntegrityViolationException) {
                return cause;
            }
        }
        return null;
    }

    private static void notify(String message, boolean ours) {
        if (UI.getCurrent() == null) {
            return;
        }
        if (!ours) {
            Notification.show(message, 6_000, Notification.Position.MIDDLE)
                    .addThemeVariants(NotificationVariant.LUMO_WARNING);
            return;
        }
        // stays until closed, so the id can be copied
        Notification notification = new Notification();
        notification.setDuration(0);
        notification.setPosition(Notification.Position.MIDDLE);
        notification.addThemeVariants(NotificationVariant.LUMO_ERROR);
        Span sentence = new Span(message);
        sentence.addClassName("page-error");
        HorizontalLayout content = new HorizontalLayout(sentence, new Button("Close", click -> notification.close()));
        content.setAlignItems(FlexComponent.Alignment.CENTER);
        notification.add(content);
        notification.open();
    }
}
