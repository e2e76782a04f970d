package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import dev.inferencemetrics.deployment.DeploymentRef;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Objects;

/** Says that a deployment (or its tenant) is archived: its history stays readable, new samples are refused. */
class ArchivedNotice extends Div {

    final Span text = new Span();

    ArchivedNotice(DeploymentRef deployment) {
        Instant since = Objects.requireNonNull(deployment.inactiveSince(), "an archived deployment");
        String date = since.atZone(ZoneOffset.UTC).toLocalDate().toString();
        text.setText("Archived on " + date
                + (deployment.archivedAt() == null ? ", with its tenant" : "")
                + ". Its history stays readable here and in usage exports; new samples are refused until an operator"
                + " restores it.");
        addClassName("archived-notice");
        add(VaadinIcon.ARCHIVE.create(), text);
    }
}
