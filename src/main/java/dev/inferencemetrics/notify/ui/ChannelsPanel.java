package dev.inferencemetrics.notify.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.Confirmation;
import dev.inferencemetrics.notify.Channel;
import dev.inferencemetrics.notify.ChannelKind;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.notify.NewChannel;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.ui.TenantChooser;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.springframework.security.access.AccessDeniedException;

/**
 * Where alerts are sent: a tenant admin's channels for the tenant, an operator's for any tenant or for every tenant
 * (global); added, tested, switched off and on and removed through the same service and audit as the API.
 */
public class ChannelsPanel extends VerticalLayout {

    final Grid<Channel> grid = new Grid<>();
    final TextField name = new TextField("Name");
    final Select<ChannelKind> kind = new Select<>();
    final TextField target = new TextField("URL or e-mail address");
    final TenantChooser tenant;
    final Checkbox allowPrivate = new Checkbox("Allow a private address");
    final Button add = new Button("Add channel");
    final Span message = new Span();
    private final ChannelService channels;
    private final SignedInUser user;
    private final TenantService tenants;
    /** The names of the tenants the listed channels belong to, read for those alone. */
    private Map<Long, String> tenantNames = Map.of();

    public ChannelsPanel(ChannelService channels, SignedInUser user, TenantService tenants) {
        this.channels = channels;
        this.user = user;
        this.tenants = tenants;
        this.tenant = new TenantChooser("Tenant", tenants, user.scope());
        boolean operator = user.role() == Role.OPERATOR;
        setPadding(false);
        kind.setLabel("Kind");
        kind.setItems(ChannelKind.values());
        kind.setItemLabelGenerator(ChannelsPanel::label);
        kind.setValue(ChannelKind.WEBHOOK);
        target.setWidth("24em");
        // never wider than a phone's screen
        target.setMaxWidth("100%");
        target.setPlaceholder("https://hooks.example.com/alerts");
        tenant.setPlaceholder("Every tenant (global)");
        tenant.addClassName("channel-tenant");
        tenant.setVisible(operator);
        allowPrivate.setVisible(operator);
        add.addClickListener(click -> addChannel());
        columns(operator);
        HorizontalLayout form = new HorizontalLayout(name, kind, target, tenant, allowPrivate, add);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        form.setWrap(true);
        // as wide as the panel, so the fields wrap at the screen's edge instead of widening the page
        form.setWidthFull();
        message.addClassName("form-message");
        add(
                new H2("Notification channels"),
                new Paragraph("Firing and resolved alerts are sent to every channel that is on: a JSON webhook, a"
                        + " Slack incoming webhook or an e-mail address."
                        + (operator ? " A global channel hears of every tenant's alerts." : "")),
                grid,
                form,
                message);
        refresh();
    }

    private void columns(boolean operator) {
        grid.addColumn(Channel::name).setHeader("Name").setAutoWidth(true);
        grid.addColumn(channel -> label(channel.kind())).setHeader("Kind").setAutoWidth(true);
        grid.addColumn(Channel::target).setHeader("Sends to").setFlexGrow(1);
        if (operator) {
            grid.addColumn(channel ->
                            channel.global() ? "Every tenant" : tenantNames.getOrDefault(channel.tenantId(), ""))
                    .setHeader("Tenant")
                    .setAutoWidth(true);
        }
        grid.addColumn(channel -> channel.enabled() ? "on" : "off")
                .setHeader("On")
                .setWidth("3.5em")
                .setFlexGrow(0);
        grid.addComponentColumn(this::actions).setHeader("Actions").setAutoWidth(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT);
        grid.setAllRowsVisible(true);
        grid.setEmptyStateText("No channel yet: alerts show here and on the charts, but nobody is told.");
    }

    private Component actions(Channel channel) {
        Button test = new Button("Test", click -> test(channel));
        Button toggle = new Button(channel.enabled() ? "Switch off" : "Switch on", click -> toggle(channel));
        Button remove = new Button(
                "Remove",
                click -> Confirmation.ask(
                        "Remove channel \"" + channel.name() + "\"?",
                        "It hears of no further alert, and messages still waiting for it are not sent. This cannot"
                                + " be undone; add the channel again to hear of alerts there again.",
                        "Remove",
                        () -> remove(channel)));
        test.addClassName("test-channel");
        remove.addClassName("remove-channel");
        return new HorizontalLayout(test, toggle, remove);
    }

    private void addChannel() {
        Long tenantId =
                switch (user.scope()) {
                    case TenantScope.SingleTenant single -> single.tenantId();
                    case TenantScope.AllTenants all ->
                        tenant.getValue() == null ? null : tenant.getValue().id();
                };
        try {
            channels.create(
                    user.scope(),
                    new NewChannel(
                            tenantId, name.getValue(), kind.getValue(), target.getValue(), allowPrivate.getValue()));
            message.setText("Added " + name.getValue().strip() + (tenantId == null ? " for every tenant." : "."));
            name.clear();
            target.clear();
            allowPrivate.clear();
            refresh();
        } catch (UnusableValueException | AccessDeniedException e) {
            String reason = Objects.requireNonNullElse(e.getMessage(), "refused");
            message.setText("Not added: " + reason + (reason.endsWith(".") ? "" : "."));
        }
    }

    private void test(Channel channel) {
        message.setText(channels.test(user.scope(), channel.id())
                .map(error -> "The test message to " + channel.name() + " failed: " + error + ".")
                .orElse("The test message to " + channel.name() + " was delivered."));
    }

    private void toggle(Channel channel) {
        channels.setEnabled(user.scope(), channel.id(), !channel.enabled());
        message.setText((channel.enabled() ? "Switched off " : "Switched on ") + channel.name() + ".");
        refresh();
    }

    private void remove(Channel channel) {
        channels.remove(user.scope(), channel.id());
        message.setText("Removed " + channel.name() + "; it hears of no further alert.");
        refresh();
    }

    void refresh() {
        List<Channel> listed = channels.channels(user.scope());
        tenantNames = tenants.namesOf(
                user.scope(),
                listed.stream().map(Channel::tenantId).filter(Objects::nonNull).collect(Collectors.toSet()));
        grid.setItems(listed);
    }

    static String label(ChannelKind kind) {
        return switch (kind) {
            case WEBHOOK -> "JSON webhook";
            case SLACK -> "Slack";
            case EMAIL -> "E-mail";
        };
    }
}
