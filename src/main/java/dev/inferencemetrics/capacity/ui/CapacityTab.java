package dev.inferencemetrics.capacity.ui;

import com.vaadin.flow.component.Component;
import dev.inferencemetrics.capacity.CapacityService;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.page.DeploymentTab;
import dev.inferencemetrics.security.SignedInUser;
import java.time.Clock;
import java.util.Optional;
import org.springframework.core.annotation.Order;

/** The deployment page's Capacity tab, for everyone who may see the deployment; monthly costs for operators only. */
@org.springframework.stereotype.Component
@Order(3)
class CapacityTab implements DeploymentTab {

    private final CapacityService capacity;
    private final Clock clock;

    CapacityTab(CapacityService capacity, Clock clock) {
        this.capacity = capacity;
        this.clock = clock;
    }

    @Override
    public String label() {
        return "Capacity";
    }

    @Override
    public Optional<Component> tab(SignedInUser user, DeploymentRef deployment) {
        return Optional.of(new CapacityPanel(
                window -> capacity.report(user.scope(), deployment, window),
                clock,
                new SizingPanel(user.scope().isOperator(), deployment.slug())));
    }
}
