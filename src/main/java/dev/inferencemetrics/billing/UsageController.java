package dev.inferencemetrics.billing;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import dev.inferencemetrics.tenancy.TenantScope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/usage")
@Tag(
        name = "Usage",
        description = "Token-metered usage and cost per tenant, deployment (or consumer or adapter) and day; API key"
                + " scope usage:read (the key's tenant only), or an operator's or tenant admin's session")
class UsageController {

    private final UsageService usage;
    private final OperatorAccessAudit audit;

    UsageController(UsageService usage, OperatorAccessAudit audit) {
        this.usage = usage;
        this.audit = audit;
    }

    @GetMapping
    @Operation(
            summary = "Usage per tenant, deployment, billing day and price, as CSV or JSON",
            description = "Days are calendar dates in each tenant's billing time zone (UTC unless set). Costs are"
                    + " exact: tokens × price per million ÷ 1,000,000. Each row also carries its goodput (requests"
                    + " judged against the goodput SLO, good requests, their output tokens, exact; goodput % and token"
                    + " goodput % to four decimals) and, for operators only, its GPU cost, cost per million output"
                    + " tokens, cost per million good output tokens and margin (empty or null for tenants). The answer"
                    + " streams as rows are read.")
    void usage(
            HttpServletResponse response,
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "First day, YYYY-MM-DD (inclusive); default: the first day of this month")
                    @RequestParam(required = false)
                    @Nullable
                    String from,
            @Parameter(description = "Day after the last, YYYY-MM-DD (exclusive); default: a month after from's month")
                    @RequestParam(required = false)
                    @Nullable
                    String to,
            @Parameter(description = "csv or json; default json") @RequestParam(defaultValue = "json") String format,
            @Parameter(description = "Tenant slug; operators only, default all tenants")
                    @RequestParam(required = false)
                    @Nullable
                    String tenant,
            @Parameter(
                            description = "true: the CSV starts with a UTF-8 byte-order mark, so spreadsheets such as"
                                    + " Excel read it as UTF-8; default false")
                    @RequestParam(defaultValue = "false")
                    String bom,
            @Parameter(
                            description = "What each row sums: deployment (default: per deployment, day and price),"
                                    + " consumer (per consumer and day over all the tenant's deployments),"
                                    + " consumer,deployment (per consumer, deployment, day and price) or adapter (per"
                                    + " LoRA adapter and day). Requests that named none are one row, \"(none)\" (null"
                                    + " in JSON); the values past a deployment's daily cap of distinct values are one"
                                    + " row, \"other\". A deployment's rows add up to its usage, to the token and the"
                                    + " cent. Rows by consumer or adapter carry no GPU cost.")
                    @RequestParam(defaultValue = "deployment")
                    String by)
            throws IOException {
        TenantScope scope = caller.scope();
        BillingTenant selected = tenant == null || tenant.isBlank() ? null : visibleTenant(scope, tenant);
        UsageFormat exportFormat = UsageFormat.fromCode(format)
                .orElseThrow(() -> new ApiProblem(HttpStatus.BAD_REQUEST, "format must be csv or json"));
        boolean byteOrderMark = byteOrderMark(bom, exportFormat);
        UsageGrouping grouping = UsageGrouping.fromCode(by)
                .orElseThrow(() -> new ApiProblem(
                        HttpStatus.BAD_REQUEST, "by must be deployment, consumer, consumer,deployment or adapter"));
        BillingTenant covered = selected != null ? selected : ownTenant(scope);
        UsagePeriod period = period(from, to, usage.today(covered));
        Long tenantId = selected == null ? null : selected.id();
        String fileName = "usage-" + (covered == null ? "all" : covered.slug()) + UsageGrouping.fileNamePart(grouping)
                + "-" + period.from() + "-" + period.lastDay() + "." + exportFormat.code();
        response.setContentType(exportFormat.contentType());
        response.setHeader(
                HttpHeaders.CONTENT_DISPOSITION,
                ContentDisposition.attachment().filename(fileName).build().toString());
        // written on the request's own (virtual) thread as rows arrive; an async dispatch would lose the API key
        usage.export(scope, tenantId, period, grouping, exportFormat, byteOrderMark, response.getOutputStream());
        audit.called(caller, () -> tenantId, "usage export " + period.from() + " to " + period.lastDay());
    }

    private static boolean byteOrderMark(String bom, UsageFormat format) {
        boolean wanted =
                switch (bom.trim().toLowerCase(Locale.ROOT)) {
                    case "true" -> true;
                    case "false" -> false;
                    default -> throw new ApiProblem(HttpStatus.BAD_REQUEST, "bom must be true or false");
                };
        if (wanted && format != UsageFormat.CSV) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "bom applies to format=csv only; JSON never has one");
        }
        return wanted;
    }

    private BillingTenant visibleTenant(TenantScope scope, String slug) {
        return usage.tenant(scope, slug)
                .orElseThrow(() -> scope.isOperator()
                        ? new ApiProblem(HttpStatus.NOT_FOUND, "No tenant '" + slug + "'.")
                        : new ApiProblem(
                                HttpStatus.FORBIDDEN, "This key or user may read its own tenant's usage only."));
    }

    private @Nullable BillingTenant ownTenant(TenantScope scope) {
        return scope instanceof TenantScope.SingleTenant
                ? usage.tenants(scope).stream().findFirst().orElse(null)
                : null;
    }

    private static UsagePeriod period(@Nullable String from, @Nullable String to, LocalDate today) {
        LocalDate first = from == null ? YearMonth.from(today).atDay(1) : date("from", from);
        LocalDate end = to == null ? YearMonth.from(first).plusMonths(1).atDay(1) : date("to", to);
        return new UsagePeriod(first, end);
    }

    private static LocalDate date(String name, String value) {
        LocalDate date;
        try {
            date = LocalDate.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, name + " must be a date, YYYY-MM-DD, e.g. 2026-11-01");
        }
        if (date.isBefore(UsagePeriod.EARLIEST) || date.isAfter(UsagePeriod.LATEST)) {
            throw new ApiProblem(
                    HttpStatus.BAD_REQUEST,
                    name + " must be a date between " + UsagePeriod.EARLIEST + " and " + UsagePeriod.LATEST);
        }
        return date;
    }
}
