package dev.inferencemetrics.notify;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.Caller;
import dev.inferencemetrics.tenancy.TenantScope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/alert-channels")
@Tag(
        name = "Alert channels",
        description = "The key's tenant's notification channels (scope alerts:write); operators' global ones")
class ChannelController {

    private final ChannelService channels;

    ChannelController(ChannelService channels) {
        this.channels = channels;
    }

    @GetMapping
    @Operation(summary = "The tenant's channels")
    List<Channel> list(@AuthenticationPrincipal Caller caller) {
        return channels.channels(caller.scope());
    }

    @PostMapping
    @Operation(
            summary = "Add a channel of the key's tenant, or (operators, \"global\": true) one for every tenant",
            description = "kind WEBHOOK (the JSON payload), SLACK (a Slack incoming webhook) or EMAIL; a webhook URL"
                    + " that resolves to anything but public unicast addresses is refused unless an operator"
                    + " sets allowPrivateAddress.")
    Map<String, Long> create(@AuthenticationPrincipal Caller caller, @RequestBody ChannelBody body) {
        @Nullable
        Long tenantId =
                switch (caller.scope()) {
                    case TenantScope.SingleTenant tenant -> {
                        if (body.isGlobal() || body.allowsPrivateAddress()) {
                            throw new ApiProblem(
                                    HttpStatus.FORBIDDEN, "Global channels and private addresses are for operators.");
                        }
                        yield tenant.tenantId();
                    }
                    case TenantScope.AllTenants all -> {
                        if (!body.isGlobal()) {
                            throw new ApiProblem(
                                    HttpStatus.BAD_REQUEST,
                                    "an operator adds global channels here (\"global\": true); a tenant's own channels are"
                                            + " added on the Alerts page or with the tenant's key");
                        }
                        yield null;
                    }
                };
        ChannelKind kind = Optional.ofNullable(body.kind())
                .flatMap(name -> java.util.Arrays.stream(ChannelKind.values())
                        .filter(k -> k.name().equalsIgnoreCase(name))
                        .findFirst())
                .orElseThrow(() -> new ApiProblem(HttpStatus.BAD_REQUEST, "kind must be WEBHOOK, SLACK or EMAIL"));
        long id = channels.create(
                caller.scope(),
                new NewChannel(tenantId, text(body.name()), kind, text(body.target()), body.allowsPrivateAddress()));
        return Map.of("id", id);
    }

    @DeleteMapping("/{id}")
    @Operation(summary = "Remove a channel: it hears of no further alert; its messages not yet sent are dropped")
    Map<String, Boolean> remove(@AuthenticationPrincipal Caller caller, @PathVariable long id) {
        try {
            channels.remove(caller.scope(), id);
            return Map.of("removed", true);
        } catch (UnusableValueException e) {
            throw new ApiProblem(HttpStatus.NOT_FOUND, e.getMessage());
        }
    }

    @PostMapping("/{id}/test")
    @Operation(summary = "Send a test message through the channel now")
    Map<String, Object> test(@AuthenticationPrincipal Caller caller, @PathVariable long id) {
        Optional<String> error;
        try {
            error = channels.test(caller.scope(), id);
        } catch (UnusableValueException e) {
            throw new ApiProblem(HttpStatus.NOT_FOUND, e.getMessage());
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("delivered", error.isEmpty());
        error.ifPresent(reason -> answer.put("error", reason));
        return answer;
    }

    record ChannelBody(
            @Nullable String name,
            @Nullable String kind,
            @Nullable String target,
            @Nullable Boolean global,
            @Nullable Boolean allowPrivateAddress) {

        boolean isGlobal() {
            return Boolean.TRUE.equals(global);
        }

        boolean allowsPrivateAddress() {
            return Boolean.TRUE.equals(allowPrivateAddress);
        }
    }

    private static String text(@Nullable String value) {
        return value == null ? "" : value;
    }
}
