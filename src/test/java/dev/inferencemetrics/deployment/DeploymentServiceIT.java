package dev.inferencemetrics.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.security.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

@IntegrationTest
class DeploymentServiceIT {

    @Autowired
    DeploymentService deployments;

    @Test
    void a_deployment_is_found_by_slug_with_its_owner_and_slos() {
        DeploymentRef ref = deployments.require(TenantScope.allTenants(), "llama-3-1-70b");

        assertThat(ref.slug()).isEqualTo("llama-3-1-70b");
        assertThat(ref.model()).isEqualTo("meta-llama/Llama-3.1-70B-Instruct");
        assertThat(ref.engine()).isEqualTo("vLLM");
        assertThat(ref.sloTtftP95Ms()).isEqualByComparingTo(new BigDecimal("400"));
        assertThat(ref.sloItlP95Ms()).isEqualByComparingTo(new BigDecimal("60"));
        assertThat(deployments.require(TenantScope.tenant(ref.tenantId()), "llama-3-1-70b"))
                .isEqualTo(ref);
    }

    @Test
    void another_tenants_deployment_is_refused_and_an_unknown_one_is_not_found() {
        long acme = deployments.require(TenantScope.allTenants(), "sandbox").tenantId();

        assertThatThrownBy(() -> deployments.require(TenantScope.tenant(acme), "deepseek-v3-sglang"))
                .isInstanceOf(ForeignDeploymentException.class);
        assertThatThrownBy(() -> deployments.require(TenantScope.allTenants(), "no-such-deployment"))
                .isInstanceOf(DeploymentNotFoundException.class);
    }
}
