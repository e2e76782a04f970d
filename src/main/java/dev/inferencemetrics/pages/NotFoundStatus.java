package dev.inferencemetrics.pages;

import com.vaadin.flow.router.RouteConfiguration;
import com.vaadin.flow.server.ServiceInitEvent;
import com.vaadin.flow.server.VaadinRequest;
import com.vaadin.flow.server.VaadinServiceInitListener;
import com.vaadin.flow.server.VaadinServletRequest;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.CurrentUser;
import org.springframework.stereotype.Component;

/**
 * Makes the page request of an address that shows {@link NotFoundView} answer 404, as the README promises. The page
 * request normally returns the bootstrap page before any route runs (the browser's zone and screen come with the
 * next request, and the pages need them); for an address without a route, or a deployment the viewer may not see,
 * the route is rendered in the page request itself, so the router's 404 is the answer's status.
 */
@Component
class NotFoundStatus implements VaadinServiceInitListener {

    private static final String DEPLOYMENT_PAGE = "deployments/";

    private final DeploymentService deployments;
    private final CurrentUser currentUser;

    NotFoundStatus(DeploymentService deployments, CurrentUser currentUser) {
        this.deployments = deployments;
        this.currentUser = currentUser;
    }

    @Override
    public void serviceInit(ServiceInitEvent event) {
        event.getSource().setBootstrapInitialPredicate(this::showsNotFound);
    }

    private boolean showsNotFound(VaadinRequest request) {
        if (!(request instanceof VaadinServletRequest servlet) || servlet.getUserPrincipal() == null) {
            return false;
        }
        String path = servlet.getRequestURI().substring(servlet.getContextPath().length());
        path = path.startsWith("/") ? path.substring(1) : path;
        if (RouteConfiguration.forApplicationScope().getRoute(path).isEmpty()) {
            return true;
        }
        String slug = path.startsWith(DEPLOYMENT_PAGE) ? path.substring(DEPLOYMENT_PAGE.length()) : "";
        return !slug.isEmpty()
                && !slug.contains("/")
                && deployments.find(currentUser.require().scope(), slug).isEmpty();
    }
}
