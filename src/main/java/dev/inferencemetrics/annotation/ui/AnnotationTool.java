package dev.inferencemetrics.annotation.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.icon.VaadinIcon;
import dev.inferencemetrics.annotation.AnnotationService;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.ui.MetricsTabTool;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The Metrics tab's *Annotate* button, and the same dialog on a click on a chart's point (set to that point's
 * time), for operators and tenant admins on an active deployment; viewers only see the marks.
 */
@Component
class AnnotationTool implements MetricsTabTool {

    private final AnnotationService annotations;
    private final Clock clock;

    AnnotationTool(AnnotationService annotations, Clock clock) {
        this.annotations = annotations;
        this.clock = clock;
    }

    @Override
    public Optional<Tool> tool(SignedInUser user, DeploymentRef deployment, Runnable redrawMarks) {
        if (user.role() == Role.TENANT_VIEWER || !deployment.active()) {
            return Optional.empty();
        }
        Button annotate = new Button("Annotate", VaadinIcon.COMMENT_ELLIPSIS_O.create());
        annotate.addClassName("annotate");
        annotate.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        AnnotationDialog.Save save = draft -> {
            annotations.add(user.scope(), deployment.slug(), draft);
            redrawMarks.run();
        };
        annotate.addClickListener(event -> new AnnotationDialog(deployment, clock.instant(), save).open());
        return Optional.of(new Tool(
                annotate, "Annotate this interval", (Instant time) -> new AnnotationDialog(deployment, time, save)
                        .open()));
    }
}
