-- A deployment's first price is written by the application beside the deployment (billing's FirstPrices), so the
-- columns that only carried it into a trigger go, with the trigger. Prices live in deployment_price alone.
drop trigger deployment_initial_price on deployment;
drop function deployment_initial_price();

alter table deployment
    drop column price_input_per_mtok,
    drop column price_output_per_mtok,
    drop column currency;
