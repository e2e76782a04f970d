package dev.inferencemetrics.demo;

import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/** The demo world: two tenants, a user per role in each, an operator, and deployments on several engines. */
final class DemoCatalog {

    record DemoTenant(
            String slug, String name, List<DemoUser> users, List<LongFunction<DeploymentDefinition>> deployments) {}

    record DemoUser(String username, String displayName, Role role) {}

    /**
     * Objectives stricter than the defaults, set when the deployment is created: Acme promises 99 % of Llama 70B's
     * requests within 400 ms, which its queueing breaks by far, so its fast-burn page fires soon after the start.
     */
    static final Map<String, SloObjective> OBJECTIVES =
            Map.of("llama-3-1-70b", new SloObjective(SloKind.TTFT, 99, 400.0, true));

    static final DemoUser OPERATOR = new DemoUser("operator", "Olivia Operator", Role.OPERATOR);

    static final List<DemoTenant> TENANTS = List.of(
            new DemoTenant(
                    "acme",
                    "Acme AI",
                    List.of(
                            new DemoUser("acme-admin", "Ada Admin (Acme)", Role.TENANT_ADMIN),
                            new DemoUser("acme-viewer", "Victor Viewer (Acme)", Role.TENANT_VIEWER)),
                    List.of(
                            tenantId -> new DeploymentDefinition(
                                            tenantId,
                                            "qwen3-coder",
                                            "Qwen3 Coder",
                                            "Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8",
                                            "NVIDIA Dynamo",
                                            "us-east-1")
                                    .withPrices(price("0.45"), price("1.80"), "USD"),
                            tenantId -> new DeploymentDefinition(
                                            tenantId,
                                            "llama-3-1-70b",
                                            "Llama 3.1 70B Instruct",
                                            "meta-llama/Llama-3.1-70B-Instruct",
                                            "vLLM",
                                            "eu-west-1")
                                    .withSlos(price("400"), price("60"))
                                    .withPrices(price("0.60"), price("0.80"), "USD"),
                            tenantId -> new DeploymentDefinition(
                                            tenantId,
                                            "sandbox",
                                            "Sandbox",
                                            "mistralai/Mistral-7B-Instruct-v0.3",
                                            "vLLM",
                                            "eu-west-1")
                                    .withPrices(price("0.10"), price("0.10"), "USD"))),
            new DemoTenant(
                    "globex",
                    "Globex Labs",
                    List.of(
                            new DemoUser("globex-admin", "Grace Admin (Globex)", Role.TENANT_ADMIN),
                            new DemoUser("globex-viewer", "Gus Viewer (Globex)", Role.TENANT_VIEWER)),
                    List.of(
                            tenantId -> new DeploymentDefinition(
                                            tenantId,
                                            "llama-3-1-8b-nim",
                                            "Llama 3.1 8B (NIM)",
                                            "meta/llama-3.1-8b-instruct",
                                            "NVIDIA NIM",
                                            "us-west-2")
                                    .withPrices(price("0.05"), price("0.08"), "USD"),
                            tenantId -> new DeploymentDefinition(
                                            tenantId,
                                            "deepseek-v3-sglang",
                                            "DeepSeek V3",
                                            "deepseek-ai/DeepSeek-V3",
                                            "SGLang",
                                            "ap-southeast-1")
                                    .withPrices(price("0.27"), price("1.10"), "EUR"))));

    private DemoCatalog() {}

    private static BigDecimal price(String value) {
        return new BigDecimal(value);
    }
}
