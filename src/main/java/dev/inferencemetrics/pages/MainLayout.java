package dev.inferencemetrics.pages;

import com.vaadin.flow.component.HasElement;
import com.vaadin.flow.component.applayout.AppLayout;
import com.vaadin.flow.component.applayout.DrawerToggle;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Header;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.Icon;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.sidenav.SideNav;
import com.vaadin.flow.component.sidenav.SideNavItem;
import com.vaadin.flow.router.Layout;
import com.vaadin.flow.server.menu.MenuConfiguration;
import com.vaadin.flow.server.menu.MenuEntry;
import dev.inferencemetrics.security.CurrentUser;
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
        Header header = new Header(new DrawerToggle(), title, userBadge(user, currentUser));
        header.addClassName("app-header");
        addToNavbar(header);
        addToDrawer(navigation());
    }

    /** Each page is the document's main landmark, so assistive technology can jump past the frame to it. */
    @Override
    public void showRouterLayoutContent(HasElement content) {
        super.showRouterLayoutContent(content);
        content.getElement().setAttribute("role", "main");
        content.getElement().getClassList().add("page-content");
    }

    /**
     * The pages marked {@code @Menu} that this user may open: Vaadin filters them by each view's access annotations,
     * so the menu and the access rules cannot drift apart.
     */
    private static SideNav navigation() {
        SideNav nav = new SideNav();
        for (MenuEntry page : MenuConfiguration.getMenuEntries()) {
            nav.addItem(new SideNavItem(page.title(), page.path(), new Icon(page.icon())));
        }
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
