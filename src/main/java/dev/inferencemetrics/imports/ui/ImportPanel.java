package dev.inferencemetrics.imports.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.progressbar.ProgressBar;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.server.streams.UploadHandler;
import dev.inferencemetrics.base.ErrorId;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.imports.BenchmarkFormat;
import dev.inferencemetrics.imports.BenchmarkImportService;
import dev.inferencemetrics.imports.ImportSummary;
import dev.inferencemetrics.imports.ImportTimedOut;
import dev.inferencemetrics.ingest.Rejection;
import dev.inferencemetrics.tenancy.Caller;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Upload a benchmark result file into a deployment, with progress and a summary of what was stored. */
public class ImportPanel extends VerticalLayout {

    private static final Logger log = LoggerFactory.getLogger(ImportPanel.class);

    private static final int POLL_MILLIS = 500;

    final Select<BenchmarkFormat> format = new Select<>();
    final DateTimePicker start = new DateTimePicker("Run started (UTC)");
    final IntegerField minutes = new IntegerField("Run length (minutes)");
    final Upload upload = new Upload();
    final ProgressBar progress = new ProgressBar();
    final Div result = new Div();
    private final BenchmarkImportService imports;
    private final Caller caller;
    private final String deploymentSlug;
    private final Clock clock;

    public ImportPanel(BenchmarkImportService imports, Caller caller, String deploymentSlug, Clock clock) {
        this.imports = imports;
        this.caller = caller;
        this.deploymentSlug = deploymentSlug;
        this.clock = clock;
        setPadding(false);
        format.setLabel("Format");
        format.setItems(BenchmarkFormat.values());
        format.setItemLabelGenerator(BenchmarkFormat::label);
        format.setValue(BenchmarkFormat.LLMPERF);
        start.setHelperText("Empty: the run ended now");
        minutes.setHelperText("Empty: the file's own duration, else 10");
        minutes.setMin(1);
        upload.setAcceptedFileTypes(".json", "application/json");
        upload.setMaxFileSize((int) BenchmarkImportService.MAX_FILE_BYTES);
        upload.setUploadHandler(
                // kept on disk until imported: a large file never sits in memory whole
                UploadHandler.toTempFile((metadata, file) -> getUI().ifPresent(ui -> ui.access(() -> begin(file)))));
        progress.setVisible(false);
        result.addClassName("import-result");
        add(
                new Paragraph("Bring in the per-request results of a benchmark run. Records carry no timestamps; they"
                        + " are spread evenly over the run. Failed requests are imported as errors."),
                new HorizontalLayout(format, start, minutes),
                upload,
                progress,
                result);
    }

    private void begin(File file) {
        UI ui = UI.getCurrent();
        PageTimeZone zone = PageTimeZone.of(ui);
        BenchmarkFormat chosen = format.getValue();
        Instant runStart = start.getValue() == null ? null : start.getValue().toInstant(ZoneOffset.UTC);
        Duration spread = minutes.getValue() == null ? null : Duration.ofMinutes(minutes.getValue());
        progress.setValue(0);
        progress.setVisible(true);
        result.setText("Importing…");
        ui.setPollInterval(POLL_MILLIS);
        Thread.startVirtualThread(() -> {
            String outcome;
            boolean failed = true;
            try (InputStream content = new FileInputStream(file)) {
                ImportSummary summary = imports.importRun(
                        caller,
                        deploymentSlug,
                        chosen,
                        content,
                        runStart,
                        spread,
                        clock.instant(),
                        done -> ui.access(() -> progress.setValue(done)));
                outcome = describe(summary, zone);
                failed = false;
            } catch (UnusableValueException e) {
                // the service's refusals are written for the user
                outcome = "Nothing imported: " + e.getMessage();
            } catch (ImportTimedOut e) {
                outcome = "Not finished: " + e.getMessage() + ".";
            } catch (IOException | RuntimeException e) {
                // on its own thread, so no page error handler hears of it: said here, with the id it is logged under
                String id = ErrorId.logged(log, "Benchmark import into " + deploymentSlug + " stopped", e);
                outcome = ErrorId.sentence(id) + " Batches stored before it are kept; importing the same file with"
                        + " the same start again completes it without counting twice.";
            } finally {
                forget(file);
            }
            String text = outcome;
            boolean stopped = failed;
            ui.access(() -> finish(ui, text, stopped));
        });
    }

    private static void forget(File upload) {
        try {
            Files.deleteIfExists(upload.toPath());
        } catch (IOException e) {
            log.warn("Could not delete the uploaded file {}: {}", upload, e.toString());
        }
    }

    private void finish(UI ui, String text, boolean failed) {
        progress.setVisible(false);
        result.setText(text);
        result.setClassName("import-result--failed", failed);
        if (failed) {
            // the upload itself worked, but a tick and 100 % beside a file that was not imported would mislead
            upload.clearFileList();
        }
        ui.setPollInterval(-1);
    }

    static String describe(ImportSummary summary, PageTimeZone zone) {
        StringBuilder text = new StringBuilder(String.format(
                Locale.ROOT,
                "Imported %,d of %,d requests (%,d failed, %,d already there) spread from %s to %s;"
                        + " %,d input and %,d output tokens. Rejected: %,d.",
                summary.imported(),
                summary.records(),
                summary.failed(),
                summary.duplicates(),
                zone.toSecond(summary.from()),
                zone.toSecond(summary.to()) + " " + zone.name(),
                summary.inputTokens(),
                summary.outputTokens(),
                summary.rejected()));
        summary.notes().forEach(note -> text.append(' ').append(note));
        for (Rejection rejection : summary.firstRejections()) {
            text.append(" #")
                    .append(rejection.index())
                    .append(": ")
                    .append(rejection.reason())
                    .append(';');
        }
        return text.toString();
    }
}
