package dev.inferencemetrics.pages;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.ErrorParameter;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.NotFoundException;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.ParentLayout;
import com.vaadin.flow.server.HttpStatusCode;
import jakarta.annotation.security.PermitAll;

/**
 * An address that leads nowhere the person may go, inside the usual frame with a way back. Another tenant's
 * deployment reads exactly like a missing one, so addresses reveal nothing.
 */
@ParentLayout(MainLayout.class)
@PageTitle(NotFoundView.TITLE + " · Inference Metrics")
@PermitAll
public class NotFoundView extends VerticalLayout implements HasErrorParameter<NotFoundException> {

    static final String TITLE = "Page not found";

    final Paragraph message = new Paragraph();

    public NotFoundView() {
        addClassName("not-found");
        Anchor back = new Anchor("", "Back to the fleet overview");
        back.addClassName("not-found__back");
        add(new H1(TITLE), message, back);
    }

    @Override
    public int setErrorParameter(BeforeEnterEvent event, ErrorParameter<NotFoundException> parameter) {
        String reason = parameter.hasCustomMessage() ? parameter.getCustomMessage() : "";
        message.setText(
                reason.isBlank() || reason.startsWith("Couldn't find route")
                        ? "There is no page at /" + event.getLocation().getPath() + " that you can see."
                        : reason);
        return HttpStatusCode.NOT_FOUND.getCode();
    }
}
