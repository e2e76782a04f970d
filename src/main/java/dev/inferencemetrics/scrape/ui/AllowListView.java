package dev.inferencemetrics.scrape.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.scrape.AllowListEntry;
import dev.inferencemetrics.scrape.AllowListService;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.SignedInUser;
import jakarta.annotation.security.RolesAllowed;

/** The scrape allow-list (operators): the networks and hosts scrape targets may point to. */
@Route("admin/scrape-allow-list")
@Menu(order = 9, title = "Scrape allow-list", icon = "vaadin:shield")
@PageTitle("Scrape allow-list · Inference Metrics")
@RolesAllowed("OPERATOR")
public class AllowListView extends VerticalLayout {

    final Grid<AllowListEntry> grid = new Grid<>();
    final TextField entry = new TextField("Network or host");
    final Button add = new Button("Add");
    final Span message = new Span();
    private final AllowListService allowList;
    private final SignedInUser actor;

    public AllowListView(AllowListService allowList, CurrentUser currentUser) {
        this.allowList = allowList;
        this.actor = currentUser.require();
        entry.setPlaceholder("10.0.0.0/8, fd00::/8, 10.1.2.3, *.svc.cluster.local");
        entry.setWidth("24em");
        add.addClickListener(click -> addEntry());
        grid.addColumn(AllowListEntry::entry).setHeader("Network or host").setFlexGrow(1);
        grid.addColumn(e -> e.createdBy() + ", " + e.createdAt()).setHeader("Added by");
        grid.addComponentColumn(e -> new Button("Remove", click -> remove(e))).setHeader("Remove");
        grid.setAllRowsVisible(true);
        HorizontalLayout form = new HorizontalLayout(entry, add);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        add(
                new H1("Scrape allow-list"),
                new Paragraph("Scrape targets may point only to these networks and hosts; the list starts empty. A"
                        + " target's address is checked when it is added and again at every scrape. Link-local and"
                        + " cloud metadata addresses (169.254.0.0/16, fe80::/10, fd00:ec2::254, 100.100.100.200) are"
                        + " refused unless a network inside them is listed here on purpose. Every change is audited."),
                form,
                message,
                grid);
        refresh();
    }

    private void addEntry() {
        try {
            AllowListEntry added = allowList.add(actor.scope(), actor.getUsername(), entry.getValue());
            message.setText("Added " + added.entry() + ".");
            entry.clear();
            refresh();
        } catch (UnusableValueException e) {
            message.setText("Not added: " + e.getMessage() + ".");
        }
    }

    private void remove(AllowListEntry removed) {
        allowList.remove(actor.scope(), removed.id());
        message.setText("Removed " + removed.entry() + "; targets outside the list fail at their next scrape.");
        refresh();
    }

    private void refresh() {
        grid.setItems(allowList.entries());
    }
}
