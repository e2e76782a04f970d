package dev.inferencemetrics.notify;

import java.time.Instant;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records an alert's message for every channel that hears of its tenant, in the transaction that changes the
 * alert's state: the message exists exactly when the change does, and sending happens later, with retries.
 */
@Component
public class Notifications {

    private final ChannelStore channels;
    private final DeliveryStore deliveries;
    private final JsonMapper json;

    Notifications(ChannelStore channels, DeliveryStore deliveries, JsonMapper json) {
        this.channels = channels;
        this.deliveries = deliveries;
        this.json = json;
    }

    /** Must run inside the caller's transaction, all tenants declared (global channels are read too). */
    @Transactional(propagation = Propagation.MANDATORY)
    public void enqueue(AlertNotice notice, Instant now) {
        String payload = json.writeValueAsString(notice);
        for (Channel channel : channels.reaching(notice.tenantId())) {
            deliveries.add(notice.tenantId(), notice.alertId(), channel.id(), notice.event(), payload, now);
        }
    }
}
