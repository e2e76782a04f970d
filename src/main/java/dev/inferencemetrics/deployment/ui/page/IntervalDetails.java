package dev.inferencemetrics.deployment.ui.page;

import com.vaadin.flow.component.Component;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.security.SignedInUser;
import java.time.Instant;

/**
 * What another feature shows about a clicked chart interval in the drill-down panel (the annotations that overlap
 * it, say), so the panel needs no knowledge of that feature.
 */
public interface IntervalDetails {

    /**
     * The details of {@code from}–{@code to} for this person, times in {@code zone}; {@code redrawMarks} draws the
     * charts' marks (and these details) anew after the person changed something here.
     */
    Component details(
            SignedInUser user,
            DeploymentRef deployment,
            Instant from,
            Instant to,
            PageTimeZone zone,
            Runnable redrawMarks);
}
