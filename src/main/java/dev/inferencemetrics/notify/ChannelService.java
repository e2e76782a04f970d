package dev.inferencemetrics.notify;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Notification channels: tenant admins manage their tenant's, operators every tenant's and the global ones. Bad
 * settings are refused with a plain reason ({@link UnusableValueException}); the test button sends at once.
 */
@Service
public class ChannelService {

    private final ChannelStore channels;
    private final DeliveryStore deliveries;
    private final DeliveryWorker worker;
    private final AuditLog audit;
    private final JsonMapper json;
    private final TenantTransactions transactions;
    private final NotificationProperties properties;
    private final Clock clock;

    ChannelService(
            ChannelStore channels,
            DeliveryStore deliveries,
            DeliveryWorker worker,
            AuditLog audit,
            JsonMapper json,
            TenantTransactions transactions,
            NotificationProperties properties,
            Clock clock) {
        this.channels = channels;
        this.deliveries = deliveries;
        this.worker = worker;
        this.audit = audit;
        this.json = json;
        this.transactions = transactions;
        this.properties = properties;
        this.clock = clock;
    }

    /** Operators: every channel, global ones first; a tenant: its own. */
    @Transactional(readOnly = true)
    public List<Channel> channels(TenantScope scope) {
        return channels.list(scope instanceof TenantScope.SingleTenant single ? single.tenantId() : null);
    }

    @Transactional
    public long create(TenantScope scope, NewChannel channel) {
        boolean operator = scope.isOperator();
        if (channel.tenantId() == null ? !operator : !scope.includes(channel.tenantId())) {
            throw new AccessDeniedException("Channels of another tenant, or global ones, are for operators.");
        }
        if (channel.allowPrivateAddress() && !operator) {
            throw new AccessDeniedException("Only an operator may allow a private address.");
        }
        String name = channel.name().strip();
        if (name.isEmpty() || name.length() > 80) {
            throw new UnusableValueException("a channel needs a name of 1 to 80 characters");
        }
        check(channel.kind(), channel.target(), channel.allowPrivateAddress() || properties.allowPrivateAddresses());
        long id = channels.add(
                channel.tenantId(),
                name,
                channel.kind(),
                channel.target().strip(),
                channel.allowPrivateAddress(),
                clock.instant());
        audit.record(
                AuditKind.CHANNEL_CHANGED,
                channel.tenantId(),
                "added %s channel %s (%s)%s"
                        .formatted(
                                channel.kind(),
                                name,
                                channel.target().strip(),
                                channel.allowPrivateAddress() ? ", private address allowed" : ""));
        return id;
    }

    @Transactional
    public void setEnabled(TenantScope scope, long id, boolean enabled) {
        Channel channel = require(scope, id);
        channels.setEnabled(id, enabled);
        audit.record(
                AuditKind.CHANNEL_CHANGED,
                channel.tenantId(),
                (enabled ? "switched on " : "switched off ") + "channel " + channel.name());
    }

    /** Removes the channel: it hears of no further alert; messages it was still to send are abandoned with it. */
    @Transactional
    public void remove(TenantScope scope, long id) {
        Channel channel = require(scope, id);
        channels.remove(id, clock.instant());
        deliveries.abandonUnsent(id, "the channel was removed", clock.instant());
        audit.record(
                AuditKind.CHANNEL_CHANGED,
                channel.tenantId(),
                "removed %s channel %s (%s)".formatted(channel.kind(), channel.name(), channel.target()));
    }

    /** The messages of an alert and how sending each went, as far as the scope may see. */
    @Transactional(readOnly = true)
    public List<Delivery> deliveries(TenantScope scope, long alertId) {
        return deliveries.ofAlert(alertId);
    }

    /** Sends a test message through the channel now; the error that stopped it, if any. */
    public Optional<String> test(TenantScope scope, long id) {
        Channel channel = transactions.call(scope, () -> require(scope, id));
        AlertNotice notice = new AlertNotice(
                NoticeEvent.FIRING,
                0,
                channel.tenantId() == null ? 0 : channel.tenantId(),
                "test",
                "test",
                "Test message",
                "Test",
                "TICKET",
                "a test of this channel",
                Duration.ofMinutes(5),
                0,
                1,
                0,
                clock.instant(),
                null,
                "");
        return worker.send(channel, notice, json.writeValueAsString(notice));
    }

    private Channel require(TenantScope scope, long id) {
        Channel channel = channels.find(id).orElseThrow(() -> new UnusableValueException("no channel " + id));
        if (channel.global() && !scope.isOperator()) {
            throw new AccessDeniedException("Global channels are for operators.");
        }
        return channel;
    }

    private static void check(ChannelKind kind, String target, boolean allowPrivate) {
        try {
            switch (kind) {
                case WEBHOOK, SLACK -> ChannelAddress.checkedUrl(target, allowPrivate);
                case EMAIL -> new InternetAddress(target.strip(), true).validate();
            }
        } catch (DeliveryException e) {
            throw new UnusableValueException(e.getMessage());
        } catch (AddressException e) {
            throw new UnusableValueException("not a valid e-mail address: " + target.strip());
        }
    }
}
