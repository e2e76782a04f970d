package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.RouterLink;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.DeploymentEditorLink;
import org.springframework.stereotype.Component;

/** Prices and GPU costs have a history of their own, so the deployment editor links to the Prices page for the deployment. */
@Component
class PricesLink implements DeploymentEditorLink {

    @Override
    public RouterLink link(DeploymentRef deployment) {
        RouterLink link = new RouterLink("Change its prices and GPU cost on the Prices page", PricesView.class);
        link.setQueryParameters(QueryParameters.of(PricesView.DEPLOYMENT_PARAMETER, deployment.slug()));
        return link;
    }
}
