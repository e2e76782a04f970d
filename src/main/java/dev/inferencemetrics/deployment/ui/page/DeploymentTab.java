package dev.inferencemetrics.deployment.ui.page;

import com.vaadin.flow.component.Component;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.security.SignedInUser;
import java.util.Optional;

/**
 * A tab another feature adds to a deployment's page (its alert settings, say), so the page needs no knowledge of
 * that feature; empty for a user who may not see it. Beans of this type are shown in their {@code @Order}.
 */
public interface DeploymentTab {

    String label();

    Optional<Component> tab(SignedInUser user, DeploymentRef deployment);
}
