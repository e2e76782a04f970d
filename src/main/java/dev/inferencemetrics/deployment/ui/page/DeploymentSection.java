package dev.inferencemetrics.deployment.ui.page;

import com.vaadin.flow.component.Component;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.security.SignedInUser;
import java.util.Optional;

/**
 * A part another feature adds below a deployment's Metrics tab (the SLO budget, say), so the page needs no
 * knowledge of that feature. Beans of this type are shown in their {@code @Order}.
 */
public interface DeploymentSection {

    Optional<Component> section(SignedInUser user, DeploymentRef deployment);
}
