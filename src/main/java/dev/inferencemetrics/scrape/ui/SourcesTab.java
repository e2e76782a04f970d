package dev.inferencemetrics.scrape.ui;

import com.vaadin.flow.component.Component;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.page.DeploymentTab;
import dev.inferencemetrics.scrape.ScrapeTargetService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import java.util.Optional;
import org.springframework.core.annotation.Order;

/** The deployment page's Sources tab (its scrape targets), for those who may write while the deployment is active. */
@org.springframework.stereotype.Component
@Order(2)
class SourcesTab implements DeploymentTab {

    private final ScrapeTargetService targets;

    SourcesTab(ScrapeTargetService targets) {
        this.targets = targets;
    }

    @Override
    public String label() {
        return "Sources";
    }

    @Override
    public Optional<Component> tab(SignedInUser user, DeploymentRef deployment) {
        if (user.role() == Role.TENANT_VIEWER || !deployment.active()) {
            return Optional.empty();
        }
        return Optional.of(new ScrapeTargetsPanel(targets, user.scope(), deployment.slug()));
    }
}
