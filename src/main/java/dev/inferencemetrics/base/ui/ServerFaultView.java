package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.server.HttpStatusCode;
import com.vaadin.flow.server.auth.AnonymousAllowed;
import dev.inferencemetrics.base.ErrorId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A page that failed to open, for any reason no more specific page names (not found, database unavailable): the
 * same words as {@link PageErrorHandler}, so a failure of ours says so with its error id and a value in the address
 * that cannot be used says that, never the exception's text. No frame around it: the frame may be what failed.
 */
@AnonymousAllowed
@PageTitle("Something went wrong · Inference Metrics")
public class ServerFaultView extends VerticalLayout implements HasErrorParameter<Exception> {

    private static final Logger log = LoggerFactory.getLogger(ServerFaultView.class);

    final H2 heading = new H2();
    final Paragraph message = new Paragraph();

    public ServerFaultView() {
        addClassName("server-fault");
        add(heading, message, new Anchor("", "Back to the fleet overview"));
    }

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<Exception> parameter) {
        Exception thrown = parameter.getCaughtException();
        Throwable unusable = PageErrorHandler.unusableValue(thrown);
        if (unusable != null) {
            log.warn("A page could not use a value in its address: {}", unusable.toString());
            heading.setText("This page cannot be shown");
            message.setText(PageErrorHandler.UNUSABLE_VALUE);
            return HttpStatusCode.BAD_REQUEST.getCode();
        }
        String id = ErrorId.logged(
                log, "A page failed to open: /" + event.getLocation().getPath(), thrown);
        heading.setText("Something went wrong");
        message.setText(ErrorId.sentence(id));
        return HttpStatusCode.INTERNAL_SERVER_ERROR.getCode();
    }
}
