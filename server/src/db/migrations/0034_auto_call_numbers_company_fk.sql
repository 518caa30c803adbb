ALTER TABLE "auto_call_numbers" DROP CONSTRAINT "auto_call_numbers_company_id_companies_id_fk";
