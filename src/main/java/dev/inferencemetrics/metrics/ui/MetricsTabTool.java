package dev.inferencemetrics.metrics.ui;

import com.vaadin.flow.component.Component;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.security.SignedInUser;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A tool another feature adds to a deployment's Metrics tab (annotating, say), so the page needs no knowledge of
 * that feature: a control in the toolbar, and what a click on a chart's point does.
 */
public interface MetricsTabTool {

    /**
     * The tool for this person on this deployment, if they may use it; {@code redrawMarks} draws the charts' marks
     * anew after the tool changed them.
     */
    Optional<Tool> tool(SignedInUser user, DeploymentRef deployment, Runnable redrawMarks);

    /** The same for a tool that works on the window on screen: {@code shown} gives it when asked. */
    default Optional<Tool> tool(
            SignedInUser user, DeploymentRef deployment, Runnable redrawMarks, Supplier<QueryWindow> shown) {
        return tool(user, deployment, redrawMarks);
    }

    /** {@code pointAction} names what {@code pointClicked} does with a clicked interval's start ("Annotate…"). */
    record Tool(Component control, String pointAction, Consumer<Instant> pointClicked) {}
}
