package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.router.RouterLink;
import dev.inferencemetrics.deployment.DeploymentRef;

/**
 * A link another feature adds to the deployment editor, to its own page for the deployment shown (its prices, say),
 * so the editor needs no knowledge of that feature. Beans of this type are shown in their {@code @Order}.
 */
public interface DeploymentEditorLink {

    RouterLink link(DeploymentRef deployment);
}
