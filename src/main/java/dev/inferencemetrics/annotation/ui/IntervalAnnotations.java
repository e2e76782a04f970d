package dev.inferencemetrics.annotation.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import dev.inferencemetrics.annotation.Annotation;
import dev.inferencemetrics.annotation.AnnotationService;
import dev.inferencemetrics.base.ui.Confirmation;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.page.IntervalDetails;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The annotations that overlap a clicked interval, in the drill-down panel: text, moment or range, tags. Operators
 * and tenant admins may delete one (after a question), as the API's {@code DELETE} does; viewers only read them.
 */
@Component
class IntervalAnnotations implements IntervalDetails {

    private final AnnotationService annotations;

    IntervalAnnotations(AnnotationService annotations) {
        this.annotations = annotations;
    }

    @Override
    public com.vaadin.flow.component.Component details(
            SignedInUser user,
            DeploymentRef deployment,
            Instant from,
            Instant to,
            PageTimeZone zone,
            Runnable redrawMarks) {
        List<Annotation> found = annotations.overlapping(user.scope(), deployment.slug(), from, to);
        Div list = new Div();
        list.addClassName("interval-annotations");
        list.setVisible(!found.isEmpty());
        if (!found.isEmpty()) {
            list.add(new H4("Annotations"));
        }
        boolean mayDelete = user.role() != Role.TENANT_VIEWER;
        for (Annotation annotation : found) {
            Span text = new Span(annotation.text());
            text.addClassName("interval-annotation__text");
            Span when = new Span(when(annotation, zone));
            when.addClassName("interval-annotation__when");
            Span tags = new Span(String.join(", ", annotation.tags()));
            tags.addClassName("interval-annotation__tags");
            Div row = new Div(text, when, tags);
            row.addClassName("interval-annotation");
            if (mayDelete) {
                Button delete = new Button(
                        VaadinIcon.TRASH.create(),
                        click -> Confirmation.ask(
                                "Delete annotation?",
                                "\"" + AnnotationMarks.label(annotation) + "\" disappears from every chart of "
                                        + deployment.displayName() + ".",
                                "Delete",
                                () -> {
                                    annotations.remove(user.scope(), deployment.slug(), annotation.id());
                                    redrawMarks.run();
                                }));
                delete.addClassName("annotation-delete");
                delete.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ERROR);
                delete.setAriaLabel("Delete annotation " + AnnotationMarks.label(annotation));
                delete.setTooltipText("Delete the annotation");
                row.add(delete);
            }
            list.add(row);
        }
        return list;
    }

    private static String when(Annotation annotation, PageTimeZone zone) {
        return annotation.to() == null
                ? zone.format(annotation.from())
                : zone.format(annotation.from()) + " – " + zone.format(annotation.to());
    }
}
