package dev.inferencemetrics.billing;

import dev.inferencemetrics.deployment.DeploymentFirstPrice;
import java.time.Instant;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** Gives each new deployment its first price, in the transaction that creates it. */
@Component
class FirstPrices {

    private final PriceStore prices;

    FirstPrices(PriceStore prices) {
        this.prices = prices;
    }

    @EventListener
    void on(DeploymentFirstPrice first) {
        prices.save(
                first.tenantId(),
                first.deploymentId(),
                Instant.EPOCH,
                new TokenPrice(first.inputPerMtok(), first.outputPerMtok(), first.currency()));
    }
}
