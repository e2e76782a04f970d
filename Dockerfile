# Production image: builds the jar with the optimised frontend bundle (Vaadin fetches Node.js itself), then runs it on a JRE.
FROM eclipse-temurin:25-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -B -Pproduction -DskipTests package

FROM eclipse-temurin:25-jre
WORKDIR /app
COPY --from=build /src/target/inference-metrics-*.jar app.jar
EXPOSE 8080 4317
ENTRYPOINT ["java", "-jar", "/app/app.jar"]
