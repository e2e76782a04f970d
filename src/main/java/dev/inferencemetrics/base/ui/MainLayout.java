package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.applayout.AppLayout;
import com.vaadin.flow.component.applayout.DrawerToggle;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.sidenav.SideNav;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.vaadin.flow.router.Layout;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import jakarta.annotation.security.PermitAll;

/** The frame around every signed-in page: product name, navigation and who is signed in. */
@Layout
@PermitAll
public class MainLayout extends AppLayout {

    public MainLayout(CurrentUser currentUser) {
        SignedInUser user = currentUser.require();
        Span title = new Span("Inference Metrics");
        title.addClassName("app-title");
        addToNavbar(new DrawerToggle(), title, userBadge(user, currentUser));
        addToDrawer(navigation(user));
    }

    private static SideNav navigation(SignedInUser user) {
        SideNav nav = new SideNav();
        nav.addItem(new SideNavItem("Fleet overview", "", VaadinIcon.SERVER.create()));
        nav.addItem(new SideNavItem("Usage", "usage", VaadinIcon.INVOICE.create()));
        nav.addItem(new SideNavItem("Alerts", "alerts", VaadinIcon.BELL.create()));
        if (user.role() != Role.TENANT_VIEWER) {
            nav.addItem(new SideNavItem("API keys", "api-keys", VaadinIcon.KEY.create()));
            nav.addItem(new SideNavItem("Users", "users", VaadinIcon.USERS.create()));
        }
        if (user.role() == Role.OPERATOR) {
            nav.addItem(new SideNavItem("Tenants and deployments", "admin/deployments", VaadinIcon.COG.create()));
            nav.addItem(new SideNavItem("Prices", "admin/prices", VaadinIcon.MONEY.create()));
            nav.addItem(new SideNavItem("Operators", "admin/operators", VaadinIcon.USER_STAR.create()));
            nav.addItem(new SideNavItem("Operator keys", "admin/operator-keys", VaadinIcon.KEY_O.create()));
            nav.addItem(new SideNavItem("Scrape allow-list", "admin/scrape-allow-list", VaadinIcon.SHIELD.create()));
            nav.addItem(new SideNavItem("Audit log", "admin/audit", VaadinIcon.RECORDS.create()));
        }
        nav.addItem(new SideNavItem("Account", "account", VaadinIcon.USER.create()));
        return nav;
    }

    private static HorizontalLayout userBadge(SignedInUser user, CurrentUser currentUser) {
        Div who = new Div(new Span(user.displayName()), new Span(" · " + roleLabel(user)));
        who.addClassName("signed-in-user");
        Button signOut = new Button("Sign out", VaadinIcon.SIGN_OUT.create(), click -> currentUser.signOut());
        signOut.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        HorizontalLayout badge = new HorizontalLayout(who, signOut);
        badge.setAlignItems(HorizontalLayout.Alignment.CENTER);
        badge.addClassName("user-badge");
        return badge;
    }

    private static String roleLabel(SignedInUser user) {
        return switch (user.role()) {
            case OPERATOR -> "Operator";
            case TENANT_ADMIN -> "Tenant admin";
            case TENANT_VIEWER -> "Viewer";
        };
    }
}
