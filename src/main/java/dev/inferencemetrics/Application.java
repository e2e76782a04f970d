package dev.inferencemetrics;

import com.vaadin.flow.component.dependency.StyleSheet;
import com.vaadin.flow.component.page.AppShellConfigurator;
import com.vaadin.flow.component.page.ColorScheme;
import com.vaadin.flow.server.AppShellSettings;
import com.vaadin.flow.theme.lumo.Lumo;
import dev.inferencemetrics.loadgen.LoadGenerator;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

@SpringBootApplication
@EnableScheduling
@StyleSheet(Lumo.STYLESHEET)
@StyleSheet("styles.css")
@ColorScheme(ColorScheme.Value.LIGHT_DARK)
public class Application implements AppShellConfigurator {

    /** The product's icon in every page's head; browsers that ask for {@code /favicon.ico} get it there too. */
    @Override
    public void configurePage(AppShellSettings settings) {
        settings.addFavIcon("icon", "icons/favicon.svg", "any");
    }

    /** Runs the dashboard; {@code load …} runs the load generator against a running dashboard instead. */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("load")) {
            System.exit(LoadGenerator.run(Arrays.copyOfRange(args, 1, args.length), System.out));
        }
        SpringApplication.run(Application.class, args);
    }
}
